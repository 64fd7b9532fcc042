package query

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// Errors of Run.
var (
	// ErrNoStarts: the game has no start positions to ask about.
	ErrNoStarts = lang.Errorf(mNoStarts)
	// ErrOpenRange: an aggregate that needs every value asked over an open
	// range; see OpenRangeError.
	ErrOpenRange = lang.Errorf(mOpenRange)
	// ErrWidenCap: widening an open range reached its cap before the
	// aggregate was decided; see WidenCapError.
	ErrWidenCap = lang.Errorf(mWidenCap)
	// ErrBeyondHorizon: the answer depends on start positions a horizon
	// leaves undecided (?).
	ErrBeyondHorizon = lang.Errorf(mBeyondHorizon)
	// ErrAggregate: an aggregate that cannot be taken (a sum of tuples, an
	// overflowing product).
	ErrAggregate = lang.Errorf(mBadAggregate)
)

// DefaultMaxWidth is the most values an open parameter range is widened to.
const DefaultMaxWidth = 1 << 16

// AggregateKind names an aggregate.
type AggregateKind uint8

// The aggregates. Values come in ascending order, tuples compared
// component by component.
const (
	AggMin     AggregateKind = iota // the smallest value where the question holds
	AggMax                          // the largest
	AggFirst                        // the K smallest
	AggLast                         // the K largest
	AggCount                        // how many values
	AggSum                          // their sum (one parameter only)
	AggProduct                      // their product (one parameter only)
	AggAll                          // every value
)

// Aggregate is what a query reports of the values where its question
// holds.
type Aggregate struct {
	Kind AggregateKind
	K    int // for AggFirst and AggLast
}

// aggregateNames are the aggregates' names, as the command's flags and the
// explorer's API spell them.
var aggregateNames = [...]string{AggMin: "min", AggMax: "max", AggFirst: "first", AggLast: "last",
	AggCount: "count", AggSum: "sum", AggProduct: "product", AggAll: "all"}

// String is the aggregate's name: "min", "first", ….
func (k AggregateKind) String() string { return aggregateNames[k] }

// TakesCount reports whether the aggregate takes a count K: first and
// last do.
func (k AggregateKind) TakesCount() bool { return k == AggFirst || k == AggLast }

// AggregateKinds lists the aggregates, AggMin first.
func AggregateKinds() []AggregateKind {
	ks := make([]AggregateKind, len(aggregateNames))
	for k := range ks {
		ks[k] = AggregateKind(k)
	}
	return ks
}

// AggregateNames lists the aggregates' names in the order of
// AggregateKinds: "min", "max", ….
func AggregateNames() []string { return slices.Clone(aggregateNames[:]) }

// ParseAggregateKind reads an aggregate's name.
func ParseAggregateKind(name string) (AggregateKind, bool) {
	k := slices.Index(aggregateNames[:], name)
	return AggregateKind(k), k >= 0
}

// String is "min", "first 2", ….
func (a Aggregate) String() string {
	s := a.Kind.String()
	if a.Kind.TakesCount() {
		s += " " + strconv.Itoa(a.K)
	}
	return s
}

// Numeric reports whether the aggregate is a number (count, sum,
// product) rather than a list of values.
func (a Aggregate) Numeric() bool {
	return a.Kind == AggCount || a.Kind == AggSum || a.Kind == AggProduct
}

// closed reports whether the aggregate needs every value of the range.
func (a Aggregate) closed() bool { return a.Kind != AggMin && a.Kind != AggFirst }

// Ask is one question with the aggregate asked of it.
type Ask struct {
	Question  *Question
	Aggregate Aggregate
}

// Cell is a question's value at one start position.
type Cell struct {
	Params  []int64 // the parameter tuple: rule params, then start params
	Result  int     // the start's result, an index into Answer.Results
	Index   int     // the start's position in that result
	Outcome retro.Outcome
	Layer   int
	Holds   Truth
}

// Answer is the answer to one Ask.
type Answer struct {
	Ask
	Names   []string        // the names of the tuple's components
	Cells   []Cell          // every start, ascending by tuple
	Values  [][]int64       // the tuples the aggregate picked, ascending
	Number  int64           // for count, sum and product
	Results []*retro.Probed // the solved instances the cells point into
	Params  []TupleParam    // the tuple's components with the ranges they took
}

// TupleParam is a component of the parameter tuple and the range its
// values were taken from.
type TupleParam struct {
	Name   string
	Lo, Hi int64
	Open   bool // widened from an open range: Hi is where the widening stopped
	Rule   bool
}

// Text is the answer line: values separated by single spaces (a tuple's
// components by commas), "none" when no value qualifies, or the number.
// A game without parameters answers "yes" or "no".
func (a *Answer) Text() string {
	if a.Aggregate.Numeric() {
		return strconv.FormatInt(a.Number, 10)
	}
	if len(a.Names) == 0 {
		if len(a.Values) > 0 {
			return "yes"
		}
		return "no"
	}
	if len(a.Values) == 0 {
		return "none"
	}
	parts := make([]string, len(a.Values))
	for k, v := range a.Values {
		parts[k] = FormatTuple(v)
	}
	return strings.Join(parts, " ")
}

// FormatTuple writes a parameter tuple as "17" or "3,17".
func FormatTuple(v []int64) string {
	parts := make([]string, len(v))
	for k, x := range v {
		parts[k] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, ",")
}

// FormatAssignments writes the components of a parameter tuple with their
// names: "K = 3, S = 17".
func FormatAssignments(names []string, values []int64) string {
	parts := make([]string, len(names))
	for k := range names {
		parts[k] = fmt.Sprintf("%s = %d", names[k], values[k])
	}
	return strings.Join(parts, ", ")
}

// OpenRangeError is an aggregate that needs every value, asked over an
// open parameter range.
type OpenRangeError struct {
	Aggregate Aggregate
	Param     TupleParam
}

// Error is "max needs a closed range: S is open (31..)".
func (e *OpenRangeError) Error() string { return e.In(lang.En) }

// In says the error in l.
func (e *OpenRangeError) In(l lang.Lang) string {
	return mOpenRangeOf.Msg(e.Aggregate.String(), ErrOpenRange, e.Param.Name, e.Param.Lo).In(l)
}

// Unwrap returns ErrOpenRange.
func (e *OpenRangeError) Unwrap() error { return ErrOpenRange }

// WidenCapError is an aggregate still undecided when the widening of an
// open range reached its cap.
type WidenCapError struct {
	Ask    Ask
	Params []TupleParam // with the ranges reached
	Width  int64
	Maybe  bool // some undecided starts are ?: a horizon may be the cause
}

// Error names the aggregate, the question and the ranges reached.
func (e *WidenCapError) Error() string { return e.In(lang.En) }

// In says the error in l.
func (e *WidenCapError) In(l lang.Lang) string {
	var rs []string
	for _, p := range e.Params {
		if p.Open {
			rs = append(rs, fmt.Sprintf("%s = %d..%d", p.Name, p.Lo, p.Hi))
		}
	}
	s := mWidenUndecid.Msg(ErrWidenCap, e.Ask.Aggregate.String(), lang.Quote(e.Ask.Question.String()), strings.Join(rs, ", "), e.Width).In(l)
	if e.Maybe {
		s += mWidenMaybe.In(l)
	}
	return s
}

// Unwrap returns ErrWidenCap.
func (e *WidenCapError) Unwrap() error { return ErrWidenCap }

// Options tune Run.
type Options struct {
	// Width is how many values each open start parameter took when the
	// results were made; 0 means positions.DefaultOpenWidth.
	Width int64
	// MaxWidth caps the widening; 0 means DefaultMaxWidth.
	MaxWidth int64
	// Widen, when set, solves the game again with open start parameters
	// taking width values. Without it an open range is not widened.
	Widen func(width int64) ([]*retro.Probed, error)
	// MaxBytes is the memory budget of the question stage: the cells, one
	// per start and question, are counted before they are made, and more
	// is an error (positions.ErrMemoryBudget); 0: no budget.
	MaxBytes int64
}

// Run evaluates each question at every start position of the results
// (the instances of one game, in order) and takes its aggregate. While an
// aggregate over an open start parameter is undecided (the smallest values
// may lie beyond the range solved), it widens the range, doubling it, up
// to MaxWidth.
func Run(results []*retro.Probed, asks []Ask, opt Options) ([]*Answer, error) {
	if len(results) == 0 {
		return nil, ErrNoStarts
	}
	width := cmp.Or(opt.Width, positions.DefaultOpenWidth)
	maxWidth := cmp.Or(opt.MaxWidth, DefaultMaxWidth)
	for {
		params := tupleParams(results[0].Instance.Game, width)
		for _, ask := range asks {
			for _, p := range params {
				if p.Open && ask.Aggregate.closed() {
					return nil, &OpenRangeError{Aggregate: ask.Aggregate, Param: p}
				}
			}
		}
		answers, undecided, err := queryOnce(results, asks, params, opt.MaxBytes)
		if err != nil {
			return nil, err
		}
		if undecided < 0 {
			return answers, nil
		}
		if opt.Widen == nil || width >= maxWidth {
			maybe := slices.ContainsFunc(answers[undecided].Cells, func(c Cell) bool { return c.Holds == Maybe })
			return nil, &WidenCapError{Ask: asks[undecided], Params: params, Width: width, Maybe: maybe}
		}
		width = min(2*width, maxWidth)
		if results, err = opt.Widen(width); err != nil {
			return nil, err
		}
		if len(results) == 0 {
			return nil, ErrNoStarts
		}
	}
}

// tupleParams lists the tuple's components, with open start parameters
// taking width values.
func tupleParams(g *rules.Game, width int64) []TupleParam {
	var ps []TupleParam
	for _, p := range g.RuleParams() {
		ps = append(ps, TupleParam{Name: p.Name, Lo: p.Lo, Hi: p.Hi, Rule: true})
	}
	for _, p := range g.StartParams() {
		tp := TupleParam{Name: p.Name, Lo: p.Lo, Hi: p.Hi, Open: p.Open}
		if p.Open {
			// An open range that reaches the int64 maximum has no
			// values beyond: it is closed there.
			tp.Hi = rules.OpenHi(p.Lo, width)
			tp.Open = tp.Hi < math.MaxInt64
		}
		ps = append(ps, tp)
	}
	return ps
}

// queryOnce answers every ask on one set of results; undecided is the
// first ask an open range leaves undecided, -1 when none.
func queryOnce(results []*retro.Probed, asks []Ask, params []TupleParam, maxBytes int64) ([]*Answer, int, error) {
	cells, err := evalCells(results, asks, maxBytes)
	if err != nil {
		return nil, 0, err
	}
	unseen := smallestUnseen(params)
	names := make([]string, len(params))
	for k, p := range params {
		names[k] = p.Name
	}
	undecided := -1
	answers := make([]*Answer, len(asks))
	for k, ask := range asks {
		a := &Answer{Ask: ask, Names: names, Cells: cells[k], Results: results, Params: params}
		decided, err := a.aggregate(unseen)
		if err != nil {
			return nil, 0, err
		}
		if !decided && undecided < 0 {
			undecided = k
		}
		answers[k] = a
	}
	return answers, undecided, nil
}

// evalCells evaluates each question at every start, one slice of cells
// per question, ascending by tuple, within maxBytes (0: no budget).
func evalCells(results []*retro.Probed, asks []Ask, maxBytes int64) ([][]Cell, error) {
	starts, tuple, held := 0, 0, int64(0)
	for _, r := range results {
		starts += len(r.Starts)
		tuple = max(tuple, len(r.Instance.Values)+len(r.Instance.Game.StartParams()))
		held += resultBytes(r)
	}
	if need := held + int64(starts)*startBytes(len(asks), tuple); maxBytes > 0 && need > maxBytes {
		return nil, lang.Errorf(mOverBudget, positions.ErrMemoryBudget, starts, positions.FormatBytes(need), positions.FormatBytes(maxBytes))
	}
	out := make([][]Cell, len(asks))
	for k := range out {
		out[k] = make([]Cell, 0, starts)
	}
	for ri, r := range results {
		m := r.Instance.NewMachine()
		for _, s := range r.Starts {
			tuple := append(append([]int64(nil), r.Instance.Values...), s.Params...)
			for k, ask := range asks {
				t, err := ask.Question.Eval(r, s.Index, m)
				if err != nil {
					return nil, err
				}
				o, layer, err := r.Values.Value(s.Index)
				if err != nil {
					return nil, err
				}
				out[k] = append(out[k], Cell{Params: tuple, Result: ri, Index: s.Index,
					Outcome: o, Layer: layer, Holds: t})
			}
		}
	}
	for k := range out {
		if len(out[k]) == 0 {
			return nil, ErrNoStarts
		}
		slices.SortStableFunc(out[k], func(a, b Cell) int { return slices.Compare(a.Params, b.Params) })
	}
	return out, nil
}

// resultBytes is what a solved instance holds: its space, the values in
// memory (outcomes, layers, colouring order, depths) and starts.
func resultBytes(r *retro.Probed) int64 {
	n := r.Space.Bytes() + r.Held
	for _, s := range r.Starts {
		n += 48 + 8*int64(len(s.Params))
	}
	return n
}

// startBytes is what the cells of one start take: a Cell per question,
// and the tuple of parameter values they share.
func startBytes(asks, tuple int) int64 {
	return int64(asks)*int64(unsafe.Sizeof(Cell{})) + 8*int64(tuple)
}

// smallestUnseen is the smallest tuple outside the ranges solved: an open
// component one past its end, the components before it at their lowest.
// nil when no component is open.
func smallestUnseen(params []TupleParam) []int64 {
	var best []int64
	for j, p := range params {
		if !p.Open {
			continue
		}
		t := make([]int64, len(params))
		for k, q := range params {
			t[k] = q.Lo
		}
		t[j] = p.Hi + 1
		if best == nil || slices.Compare(t, best) < 0 {
			best = t
		}
	}
	return best
}

// aggregate fills in the answer and reports whether it is decided: it is
// taken twice, with the starts a horizon leaves undecided counted as not
// holding and as holding; the two must agree.
func (a *Answer) aggregate(unseen []int64) (bool, error) {
	var lists [2][][]int64
	for _, c := range a.Cells {
		if c.Holds == Yes {
			lists[0] = append(lists[0], c.Params)
		}
		if c.Holds != No {
			lists[1] = append(lists[1], c.Params)
		}
	}
	var (
		vals [2][][]int64
		num  [2]int64
	)
	for k, list := range lists {
		var err error
		var decided bool
		vals[k], num[k], decided, err = a.take(list, unseen)
		if err != nil {
			return false, err
		}
		if !decided {
			return false, nil
		}
	}
	if num[0] != num[1] || !slices.EqualFunc(vals[0], vals[1], slices.Equal) {
		var qs []string
		for _, c := range a.Cells {
			if c.Holds == Maybe && len(qs) < 5 {
				qs = append(qs, FormatTuple(c.Params))
			}
		}
		return false, lang.Errorf(mUndecided, ErrBeyondHorizon, a.Aggregate.String(), lang.Quote(a.Question.String()), strings.Join(qs, " "))
	}
	a.Values, a.Number = vals[0], num[0]
	return true, nil
}

// take applies the aggregate to the ascending list of tuples where the
// question holds; decided is false when tuples beyond the range (unseen
// and above, nil for none) could change it.
func (a *Answer) take(list [][]int64, unseen []int64) (vals [][]int64, num int64, decided bool, err error) {
	agg := a.Aggregate
	switch agg.Kind {
	case AggMin, AggFirst:
		k := 1
		if agg.Kind == AggFirst {
			k = agg.K
		}
		vals = list[:min(k, len(list))]
		decided = unseen == nil || len(vals) == k && slices.Compare(vals[k-1], unseen) < 0
		return vals, 0, decided, nil
	case AggMax:
		return list[max(len(list)-1, 0):], 0, true, nil
	case AggLast:
		return list[max(len(list)-agg.K, 0):], 0, true, nil
	case AggAll:
		return list, 0, true, nil
	case AggCount:
		return nil, int64(len(list)), true, nil
	}
	at := a.varying()
	if at < 0 {
		return nil, 0, false, lang.Errorf(mOneVarying, ErrAggregate, agg.String(), len(a.Names), strings.Join(a.Names, ", "))
	}
	acc := big.NewInt(0)
	if agg.Kind == AggProduct {
		acc.SetInt64(1)
	}
	var x big.Int
	for _, v := range list {
		x.SetInt64(v[at])
		if agg.Kind == AggSum {
			acc.Add(acc, &x)
		} else {
			acc.Mul(acc, &x)
		}
	}
	if !acc.IsInt64() {
		return nil, 0, false, lang.Errorf(mSumOverflows, ErrAggregate, agg.String(), len(list))
	}
	return nil, acc.Int64(), true, nil
}

// varying is the component of the tuple that --sum and --product add up or
// multiply: the only one, or the only one whose range is not a single
// value (the others fixed, as by --param K=2); -1 when there is no such
// component.
func (a *Answer) varying() int {
	if len(a.Names) == 1 {
		return 0
	}
	at := -1
	for k, p := range a.Params {
		if p.Lo == p.Hi && !p.Open {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = k
	}
	return at
}
