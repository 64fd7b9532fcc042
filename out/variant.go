package out

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"retro/out/query"
	"retro/out/variant"
)

// The variants retro make writes (package out/variant): their JSON, for
// retro make --json and the explorer's /api/variant, the one-line list
// retro make -o prints, and the words the worksheets share.

// BatchJSON is what retro make --json prints: the family, the seed, the
// candidates drawn and the variants kept.
type BatchJSON struct {
	Family   string        `json:"family"`
	Seed     uint64        `json:"seed"`
	Tried    int           `json:"tried"` // the candidates drawn to keep these
	Variants []VariantJSON `json:"variants"`
}

// VariantJSON is one variant: its game file, its answers, how many S
// qualify for each task, its text and its solution in every language.
type VariantJSON struct {
	Number int    `json:"number"`
	File   string `json:"file"`   // the name retro make -o gives its game file
	Game   string `json:"game"`   // the game file
	Task19 string `json:"task19"` // the wording of task 19: agree, possible or guaranteed
	Task20 string `json:"task20"` // the wording of task 20: smallest or exactly
	// Agree: the two readings of task 19 give the same least S.
	Agree bool `json:"agree"`
	// Answers are the answers of retro ege: 19 in the possible reading,
	// 19g in the guaranteed one, 20 and 21; null where none.
	Answers map[string]any `json:"answers"`
	// Key is the answers the tasks' wording asks for: 19, 20 and 21.
	Key map[string]any `json:"key"`
	// Qualify is how many S qualify for each task of Answers.
	Qualify map[string]int               `json:"qualify"`
	Text    map[query.Lang]StatementJSON `json:"text"`
	// Solution is the winning line of each answer, as retro ege gives
	// it, by task (20: one for each value; 19g: the guaranteed reading's,
	// where the wording asks for the possible one and the two differ).
	Solution map[query.Lang]map[string]any `json:"solution"`
}

// StatementJSON is a variant's text: the game, paragraph by paragraph,
// and the tasks by number, each a paragraph whose conditions follow on
// lines of their own after a dash.
type StatementJSON struct {
	Game  []string          `json:"game"`
	Tasks map[string]string `json:"tasks"`
}

// NewBatchJSON converts a batch.
func NewBatchJSON(b *variant.Batch) *BatchJSON {
	j := &BatchJSON{Family: b.Family.Name, Seed: b.Seed, Tried: b.Tried, Variants: []VariantJSON{}}
	for _, v := range b.Variants {
		j.Variants = append(j.Variants, NewVariantJSON(v))
	}
	return j
}

// NewVariantJSON converts a variant.
func NewVariantJSON(v *variant.Variant) VariantJSON {
	k := &v.Key
	orNull := func(s int64) any {
		if s == 0 {
			return nil
		}
		return s
	}
	j := VariantJSON{Number: v.Number, File: VariantFile(v), Game: v.Game, Task19: v.Wording.Task19.String(),
		Task20: v.Wording.Task20.String(), Agree: v.Agree(),
		Answers: map[string]any{"19": orNull(k.Possible), "19g": orNull(k.Guaranteed), "20": k.Task20, "21": orNull(k.Task21)},
		Key:     map[string]any{"19": orNull(k.Task19(v.Wording.Task19)), "20": k.Task20, "21": orNull(k.Task21)},
		Qualify: map[string]int{"19": v.Counts.Possible, "19g": v.Counts.Guaranteed, "20": v.Counts.Task20, "21": v.Counts.Task21},
		Text:    map[query.Lang]StatementJSON{}, Solution: map[query.Lang]map[string]any{}}
	for _, l := range query.Langs {
		st := v.Statement(l)
		sj := StatementJSON{Game: st.Game, Tasks: map[string]string{}}
		for _, t := range st.Tasks {
			sj.Tasks[strconv.Itoa(t.Number)] = t.String()
		}
		j.Text[l] = sj
		s := v.Solutions[l]
		j.Solution[l] = map[string]any{"19": s.Task19, "20": s.Task20, "21": s.Task21}
		if s.Other != "" {
			j.Solution[l]["19g"] = s.Other
		}
	}
	return j
}

// VariantFile is the name of a variant's game file: variant-01.toml.
func VariantFile(v *variant.Variant) string { return fmt.Sprintf("variant-%02d.toml", v.Number) }

// The words of the worksheets and the list, in both languages.
var (
	txtVariant     = query.Text{En: "Variant %d", Ru: "Вариант %d"}
	txtVariantCol  = query.Text{En: "Variant", Ru: "Вариант"}
	txtVariants    = query.Text{En: "%s: variants of tasks 19–21 (%d)", Ru: "%s: варианты заданий 19–21 (%d)"}
	txtTask        = query.Text{En: "Task %d.", Ru: "Задание %d."}
	txtKey         = query.Text{En: "Answers", Ru: "Ответы"}
	txtSolutions   = query.Text{En: "Solutions", Ru: "Решения"}
	txtQualify     = query.Text{En: "S that qualify (19 / 20 / 21)", Ru: "Подходящих S (19 / 20 / 21)"}
	txtNone        = query.Text{En: "none", Ru: "нет"}
	txtOtherRead   = query.Text{En: "the guaranteed reading of task 19 (Vanya wins with his first move whatever Petya does) gives %s", Ru: "чтение «гарантированно» задания 19 (Ваня выигрывает первым ходом при любом ходе Пети) даёт %s"}
	txtAgree       = query.Text{En: "both readings of task 19 give %d", Ru: "оба чтения задания 19 дают %d"}
	txtMadeBy      = query.Text{En: "Made by retro make from the family %s, seed %d; candidates drawn: %d.", Ru: "Сделано retro make из семейства %s, зерно %d: перебрано кандидатов — %d."}
	txtListQualify = query.Text{En: "S that qualify: %d / %d / %d", Ru: "подходящих S: %d / %d / %d"}
)

// answerText is an answer: "29", "28 48", the word for none.
func answerText(l query.Lang, s ...int64) string {
	var parts []string
	for _, x := range s {
		if x != 0 {
			parts = append(parts, strconv.FormatInt(x, 10))
		}
	}
	if len(parts) == 0 {
		return l.Say(txtNone)
	}
	return strings.Join(parts, " ")
}

// keyLine is a variant's answers as the key gives them: the three
// answers the wording asks for, and how many S qualify for each.
func keyLine(v *variant.Variant, l query.Lang) (a19, a20, a21, qualify string) {
	k := &v.Key
	return answerText(l, k.Task19(v.Wording.Task19)), answerText(l, k.Task20...), answerText(l, k.Task21),
		fmt.Sprintf("%d / %d / %d", qualify19(v), v.Counts.Task20, v.Counts.Task21)
}

// qualify19 is how many S qualify for task 19 as it is worded.
func qualify19(v *variant.Variant) int {
	if v.Wording.Task19 == variant.Guaranteed {
		return v.Counts.Guaranteed
	}
	return v.Counts.Possible
}

// readingsNote says how the two readings of task 19 stand: "" where the
// wording is the guaranteed one.
func readingsNote(v *variant.Variant, l query.Lang) string {
	switch {
	case v.Wording.Task19 == variant.Guaranteed:
		return ""
	case v.Agree():
		return l.Say(txtAgree, v.Key.Possible)
	}
	return l.Say(txtOtherRead, answerText(l, v.Key.Guaranteed))
}

// WriteVariantList writes one line per variant: its game file, its
// answers and how many S qualify for each task.
func WriteVariantList(w io.Writer, b *variant.Batch, l query.Lang) error {
	for _, v := range b.Variants {
		a19, a20, a21, _ := keyLine(v, l)
		if _, err := fmt.Fprintf(w, "%s  19: %s  20: %s  21: %s  (%s)\n", VariantFile(v), a19, a20, a21,
			l.Say(txtListQualify, qualify19(v), v.Counts.Task20, v.Counts.Task21)); err != nil {
			return err
		}
	}
	return nil
}
