package query

import (
	"slices"

	"retro/retro"
	"retro/rules/lang"
)

// Task is one of the exam's questions, offered by key: its question, the
// aggregate asked of it, and how the exam words it.
type Task struct {
	Key       string // "19", "19g", "20", "21", "win1"
	Question  string // in the query language: "can-lose 1"
	Aggregate Aggregate
	title     Text // the short name the page shows
	wording   Text // the task as retro ege and the page word it
}

// ExamTasks are tasks 19–21 of the exam, Petya moving first and Vanya
// second, in the order retro ege answers them: 19 in the possible reading
// it needs, 19g in the guaranteed one, 20 and 21.
var ExamTasks = []Task{
	{Key: "19", Question: "can-lose 1", Aggregate: Aggregate{Kind: AggMin},
		title: Text{"19, possible", "19, возможно"},
		wording: Text{"Vanya won with his first move after Petya's unlucky move (possible)",
			"Ваня выиграл своим первым ходом после неудачного первого хода Пети (такая ситуация возможна)"}},
	{Key: "19g", Question: "lose =1", Aggregate: Aggregate{Kind: AggMin},
		title: Text{"19, guaranteed", "19, гарантированно"},
		wording: Text{"Vanya wins with his first move whatever Petya does (guaranteed)",
			"Ваня выигрывает первым ходом при любом ходе Пети (гарантированно)"}},
	{Key: "20", Question: "win =2", Aggregate: Aggregate{Kind: AggFirst, K: 2},
		title: Text{"20", "20"},
		wording: Text{"Petya wins with his second move, not his first, whatever Vanya does",
			"У Пети есть выигрышная стратегия: он не может выиграть первым ходом, но выигрывает вторым ходом при любом ходе Вани"}},
	{Key: "21", Question: "lose =2", Aggregate: Aggregate{Kind: AggMin},
		title: Text{"21", "21"},
		wording: Text{"Vanya wins with his first or second move whatever Petya does, not surely with his first",
			"У Вани есть выигрышная стратегия, позволяющая ему выиграть первым или вторым ходом при любом ходе Пети, но нет стратегии, которая позволит ему гарантированно выиграть первым ходом"}},
}

// Tasks are the questions the explorer offers, in its order: the exam
// tasks, then "the first player wins with his first move".
var Tasks = append(slices.Clip(ExamTasks), Task{Key: "win1", Question: "win =1", Aggregate: Aggregate{Kind: AggMin},
	title:   Text{"wins in one", "выигрыш первым ходом"},
	wording: Text{"Petya wins with his first move", "У Пети есть выигрышная стратегия: он выигрывает первым ходом"}})

// FindTask is the task of a key, one of Tasks; nil for none.
func FindTask(key string) *Task {
	for k := range Tasks {
		if Tasks[k].Key == key {
			return &Tasks[k]
		}
	}
	return nil
}

// Title is the task's short name in the language: "19, possible".
func (t *Task) Title(l Lang) string { return l.Say(t.title) }

// Wording is the task as the exam words it, in the language.
func (t *Task) Wording(l Lang) string { return l.Say(t.wording) }

// Ask is the task's question with its aggregate.
func (t *Task) Ask() (Ask, error) {
	q, err := ParseQuestion(t.Question)
	if err != nil {
		return Ask{}, lang.Errorf(mTaskError, t.Key, err)
	}
	return Ask{Question: q, Aggregate: t.Aggregate}, nil
}

// ExamAsks are the asks of ExamTasks, in order.
func ExamAsks() ([]Ask, error) {
	asks := make([]Ask, len(ExamTasks))
	for k := range ExamTasks {
		var err error
		if asks[k], err = ExamTasks[k].Ask(); err != nil {
			return nil, err
		}
	}
	return asks, nil
}

// ExamAnswers answers the exam's tasks at the starts of a solved game,
// within the width of the open ranges it was solved with: an error where
// an answer needs a wider one (or the game has no starts).
func ExamAnswers(results []*retro.Probed, width int64) ([]*Answer, error) {
	asks, err := ExamAsks()
	if err != nil {
		return nil, err
	}
	return Run(results, asks, Options{Width: width, MaxWidth: width})
}
