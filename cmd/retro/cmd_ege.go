package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/out/query"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "ege",
		usage: "ege [flags] GAME",
		short: "answer tasks 19–21 of the exam (ЕГЭ) on a game",
		long: `Ege answers tasks 19, 20 and 21 of the Russian state exam in informatics on
GAME, Petya moving first from each start position and Vanya second:

  19   Vanya won with his first move after Petya's unlucky first move: the
       least S where this is possible (can-lose 1)
  19g  the guaranteed reading of 19: Vanya wins with his first move whatever
       Petya does (lose =1)
  20   Petya wins with his second move, not with his first, whatever Vanya
       does: the two least S (win =2)
  21   Vanya wins with his first or second move whatever Petya does, but
       cannot be sure to win with his first: the least S (lose =2)

Each comes with its excerpt of the ribbon and a reason in the game's own
moves. --plain prints four lines: "19: …", "19g: …", "20: …", "21: …".`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &egeOptions{}
			o.ask.add(fs)
			return o.run
		},
	})
}

type egeOptions struct {
	ask askFlags
}

// The words of retro ege around the explanations.
var (
	txtHeader     = query.Text{En: "%s: %s; Petya moves first, Vanya second.", Ru: "%s: %s; первым ходит Петя, вторым — Ваня."}
	txtAnswer     = query.Text{En: "answer", Ru: "ответ"}
	txtTask19Note = query.Text{En: `
Task 19 says that Vanya won "after Petya's unlucky move" and asks when this
"is possible": it tells of one game in which Petya chose badly, not of a
strategy. It needs the possible reading, can-lose 1 (%s). The guaranteed
reading, lose =1 (%s), answers another question: when Vanya can win with his
first move whatever Petya does.
`, Ru: `
Задание 19 говорит, что Ваня выиграл «после неудачного первого хода Пети», и
спрашивает, когда «такая ситуация возможна»: это рассказ об одной партии, где
Петя сходил плохо, а не о стратегии. Нужно чтение «возможно», can-lose 1 (%s).
Чтение «гарантированно», lose =1 (%s), отвечает на другой вопрос: когда Ваня
выигрывает первым ходом при любом ходе Пети.
`}
	txtTask19NoteWords = query.Text{En: `
Task 19 says that Vanya won "after Petya's unlucky move" and asks when this
"is possible": it tells of one game in which Petya chose badly, not of a
strategy. It needs the possible reading (%s). The guaranteed reading (%s)
answers another question: when Vanya can win with his first move whatever
Petya does.
`, Ru: `
Задание 19 говорит, что Ваня выиграл «после неудачного первого хода Пети», и
спрашивает, когда «такая ситуация возможна»: это рассказ об одной партии, где
Петя сходил плохо, а не о стратегии. Нужно чтение «возможно» (%s).
Чтение «гарантированно» (%s) отвечает на другой вопрос: когда Ваня
выигрывает первым ходом при любом ходе Пети.
`}
	txtExamNotation = query.Text{En: "On the ribbon, S:P2 means that Petya wins with his second move, S:V1 that Vanya wins with his first, S:D a draw.",
		Ru: "На ленте S:П2 значит, что Петя выигрывает своим вторым ходом, S:В1 — что Ваня выигрывает своим первым ходом, S:Н — ничья."}
)

func (o *egeOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["ege"]
	if len(args) != 1 {
		return usagef(c, "ege takes one GAME")
	}
	color, err := o.ask.color.on(c, e)
	if err != nil {
		return err
	}
	if err := o.ask.lang.choose(c, e); err != nil {
		return err
	}
	asks, err := query.ExamAsks()
	if err != nil {
		return err
	}
	answers, s, err := o.ask.query(ctx, e, args[0], asks)
	if err != nil {
		return err
	}
	if o.ask.json {
		return writeEgeJSON(e.stdout, s.game, answers, o.ask.game.openWidth, o.ask.lang.lang)
	}
	if o.ask.plain {
		for k := range query.ExamTasks {
			t := &query.ExamTasks[k]
			fmt.Fprintf(e.stdout, "%s: %s\n", t.Key, answers[k].Text())
		}
		return nil
	}
	return writeEge(e.stdout, s.game, answers, color, o.ask.lang.lang, o.ask.lang.words())
}

// writeEge writes the tasks with their ribbons, reasons and answers; in
// words (Russian without --codes), the ribbon in the exam's notation and
// without the question's codes.
func writeEge(w io.Writer, g *rules.Game, answers []*query.Answer, color bool, l query.Lang, words bool) error {
	rs := query.NewReasoner(g, l)
	fmt.Fprintln(w, l.Say(txtHeader, g.ShownName(), l.Ranges(answers[0])))
	opt := out.RibbonOptions{Color: color, Width: 76}
	if words {
		opt.Exam = l
	}
	for k := range query.ExamTasks {
		t, a := &query.ExamTasks[k], answers[k]
		if words {
			fmt.Fprintf(w, "\n%s. %s:\n", t.Title(l), t.Wording(l))
		} else {
			fmt.Fprintf(w, "\n%-4s%s:\n", t.Key, t.Wording(l))
			fmt.Fprintf(w, "    %s: %s\n", a.Question, l.Meaning(a.Question))
		}
		fmt.Fprintf(w, "    %s\n", out.RibbonExcerpt(a, opt))
		reasons, err := rs.ReasonAll(a, t.Key)
		if err != nil {
			return err
		}
		for _, reason := range reasons {
			fmt.Fprintf(w, "    %s\n", reason)
		}
		fmt.Fprintf(w, "    %s: %s\n", l.Say(txtAnswer), l.Answer(a))
	}
	if words {
		fmt.Fprint(w, l.Say(txtTask19NoteWords, l.AnswerText(answers[0]), l.AnswerText(answers[1])))
		fmt.Fprintln(w, l.Say(txtExamNotation))
	} else {
		fmt.Fprint(w, l.Say(txtTask19Note, l.AnswerText(answers[0]), l.AnswerText(answers[1])))
	}
	return nil
}

// egeJSON is what ege --json prints: each task as /api/tasks names it,
// its answer as /api/query gives it, and the reason ege prints.
type egeJSON struct {
	Game  string          `json:"game"`
	Width int64           `json:"width"` // values the open start ranges took
	Tasks []egeAnswerJSON `json:"tasks"`
}

type egeAnswerJSON struct {
	Task    *out.TaskJSON   `json:"task"`
	Answer  *out.AnswerJSON `json:"answer"`
	Reasons []string        `json:"reasons,omitempty"` // "S = 29: Petya doubles …", one a value
}

func writeEgeJSON(w io.Writer, g *rules.Game, answers []*query.Answer, width int64, l query.Lang) error {
	rs := query.NewReasoner(g, l)
	j := egeJSON{Game: g.Name, Width: width}
	for k := range query.ExamTasks {
		t := &query.ExamTasks[k]
		reasons, err := rs.ReasonAll(answers[k], t.Key)
		if err != nil {
			return err
		}
		j.Tasks = append(j.Tasks, egeAnswerJSON{Task: out.NewTaskJSON(t), Answer: out.NewAnswerJSON(answers[k], 0), Reasons: reasons})
	}
	return printJSON(w, j)
}
