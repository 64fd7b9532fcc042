package variant

import (
	"embed"
	"sort"
	"strings"
)

// The built-in families, one for each common shape of the exam's game,
// with and without the no-repeat rule: families/NAME.toml.

//go:embed families/*.toml
var builtinFS embed.FS

// Builtin is the built-in family of a name (its file's name without
// .toml), false when there is none.
func Builtin(name string) (*Family, bool) {
	src, ok := BuiltinSource(name)
	if !ok {
		return nil, false
	}
	f, err := Parse(name, src)
	if err != nil {
		panic(err) // the built-in families are tested to parse
	}
	return f, true
}

// BuiltinSource is the file of a built-in family.
func BuiltinSource(name string) ([]byte, bool) {
	if strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	src, err := builtinFS.ReadFile("families/" + name + ".toml")
	return src, err == nil
}

// BuiltinNames lists the built-in families, sorted.
func BuiltinNames() []string {
	entries, _ := builtinFS.ReadDir("families")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(names)
	return names
}
