package rules

import (
	"embed"
	"sort"
	"strings"
)

//go:embed games/*.toml
var builtinFS embed.FS

// Builtin returns the text of a built-in game by name (the file name without
// .toml), and false when there is none.
func Builtin(name string) ([]byte, bool) {
	if strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	src, err := builtinFS.ReadFile("games/" + name + ".toml")
	return src, err == nil
}

// BuiltinNames lists the built-in games, sorted.
func BuiltinNames() []string {
	entries, _ := builtinFS.ReadDir("games")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(names)
	return names
}
