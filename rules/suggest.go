package rules

// Suggest returns the word of list nearest to s by edit distance, when it
// is near enough to be a slip of the keyboard, and "" otherwise. Commands
// use it for "did you mean" hints; the game file's keys and names get the
// same.
func Suggest(s string, list []string) string { return suggest(s, list) }
