package rules

// Suggest returns the word of list nearest to s, when it is near enough to
// be a slip of the keyboard: at most two edits away, a swap of two
// neighbouring characters counting as one. It returns "" otherwise.
// Commands use it for "did you mean" hints; the game file's keys get the
// same.
func Suggest(s string, list []string) string { return Nearest(s, list, 2, true) }

// Nearest returns the word of list nearest to s by edit distance, the
// first in list among words as near, when it is at most maxEdits edits
// away, and "" otherwise. An edit inserts, deletes or replaces one
// character; with swaps, exchanging two neighbouring characters is one
// edit too (the optimal string alignment distance), without, it is two
// (Levenshtein's distance).
func Nearest(s string, list []string, maxEdits int, swaps bool) string {
	best, bestD := "", maxEdits+1
	for _, w := range list {
		if d := editDistance(s, w, swaps); d < bestD {
			best, bestD = w, d
		}
	}
	return best
}

// editDistance is the number of edits, counted as Nearest counts them,
// that turn a into b.
func editDistance(a, b string, swaps bool) int {
	ra, rb := []rune(a), []rune(b)
	// Rows of the table: the distances from ra[:i-2], ra[:i-1] and ra[:i]
	// to each prefix of rb.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
			if swaps && i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
