package positions

// Fifo is a queue of fixed-width records of int64, kept in chunks so that
// memory taken by records already read is given back.
type Fifo struct {
	Width  int
	chunks [][]int64
	head   int // read offset in chunks[0]
	n      int
}

const fifoChunk = 1 << 14

func (q *Fifo) Push(rec ...int64) {
	last := len(q.chunks) - 1
	if last < 0 || len(q.chunks[last])+q.Width > cap(q.chunks[last]) {
		q.chunks = append(q.chunks, make([]int64, 0, fifoChunk*q.Width))
		last++
	}
	q.chunks[last] = append(q.chunks[last], rec...)
	q.n++
}

// Pop copies the oldest record into rec; false when the queue is empty.
func (q *Fifo) Pop(rec []int64) bool {
	if q.n == 0 {
		return false
	}
	c := q.chunks[0]
	copy(rec, c[q.head:q.head+q.Width])
	q.head += q.Width
	q.n--
	if q.head == cap(c) || (q.head == len(c) && len(q.chunks) > 1) {
		q.chunks[0] = nil
		q.chunks = q.chunks[1:]
		q.head = 0
	}
	return true
}
