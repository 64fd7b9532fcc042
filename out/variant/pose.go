package variant

import "retro/rules/lang"

// Reject says why a candidate is not kept; Kept when it is.
type Reject uint8

// The reasons, in the order Check tests them (NoStart, Stuck and Repeat
// before anything is solved; SameKey and Counting, which the batch tests,
// after).
const (
	Kept       Reject = iota
	NoStart           // the game is over at the start for every S of the range
	Stuck             // a position before the end has no move
	Repeat            // the same game as a candidate drawn before
	No19              // task 19 has no answer
	Readings          // the two readings of task 19 give different S
	No20              // task 20 has not the values its wording asks for
	No21              // task 21 has no answer
	AtEnd             // an answer at an end of the range of S
	Same              // two answers are the same S
	NoDecision        // an answer where every move of the winner wins
	SameKey           // the answers of a variant kept before in the batch
	Counting          // answers that depend on how a move that overshoots is counted
	numRejects
)

var rejectText = [numRejects]string{
	Kept:       "kept",
	NoStart:    "the game is over at the start for every S",
	Stuck:      "a position before the end has no move",
	Repeat:     "the same game as one drawn before",
	No19:       "task 19 has no answer",
	Readings:   "the two readings of task 19 differ",
	No20:       "task 20 has not the two values its wording asks for",
	No21:       "task 21 has no answer",
	AtEnd:      "an answer at an end of the range of S",
	Same:       "two answers are the same",
	NoDecision: "an answer without a real decision (every move wins)",
	SameKey:    "the same answers as a variant kept before",
	Counting:   "answers that depend on how a move that overshoots is counted",
}

func (r Reject) String() string { return rejectText[r] }

// rejectRu is rejectText in Russian.
var rejectRu = [numRejects]string{
	Kept:       "оставлен",
	NoStart:    "игра закончена в начальной позиции при любом S",
	Stuck:      "в позиции до конца игры нет хода",
	Repeat:     "та же игра, что уже выпадала",
	No19:       "у задания 19 нет ответа",
	Readings:   "два прочтения задания 19 дают разные ответы",
	No20:       "у задания 20 нет двух значений, которых просит формулировка",
	No21:       "у задания 21 нет ответа",
	AtEnd:      "ответ на краю диапазона S",
	Same:       "два ответа совпадают",
	NoDecision: "ответ без настоящего выбора (выигрывает любой ход)",
	SameKey:    "те же ответы, что у варианта, уже взятого в набор",
	Counting:   "ответы зависят от того, как считать ход через порог",
}

// In names the reason in l.
func (r Reject) In(l lang.Lang) string {
	if l == lang.Ru {
		return rejectRu[r]
	}
	return rejectText[r]
}

// Check tells whether a solved variant is well posed for a wording:
// every task has an answer of the kind its wording asks for, none at an
// end of the range of S, all different, each with a real decision of the
// side that wins; Kept when it is, else the first condition it fails.
func (v *Variant) Check(w Wording) Reject {
	k, d := &v.Key, &v.decide
	t19 := k.Task19(w.Task19)
	switch {
	case t19 == 0:
		return No19
	case w.Task19 == Agree && !v.Agree():
		return Readings
	case len(k.Task20) < 2 || w.Task20 == Exactly && v.Counts.Task20 != 2:
		return No20
	case k.Task21 == 0:
		return No21
	}
	answers := []int64{t19, k.Task20[0], k.Task20[1], k.Task21}
	for i, a := range answers {
		if a == v.Spec.Lo || a == v.Spec.Hi {
			return AtEnd
		}
		for _, b := range answers[:i] {
			if a == b {
				return Same
			}
		}
	}
	decides := d.possible
	if w.Task19 == Guaranteed {
		decides = d.guaranteed
	}
	if !decides || !d.task20[0] || !d.task20[1] || !d.task21 {
		return NoDecision
	}
	return Kept
}
