package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// formatBlock is a ```toml block of FORMAT.md: its text, the line it starts
// on, and its mark ("" a whole game, "part" part of a game, "refused").
type formatBlock struct {
	text, mark string
	line       int
}

// formatBlocks returns the ```toml blocks of the reference, each checked
// to carry the label its mark needs in the paragraph before it.
func formatBlocks(t *testing.T) []formatBlock {
	var blocks []formatBlock
	lines := strings.Split(FormatReference, "\n")
	label := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "*Part of a game*"):
			label = "part"
		case strings.HasPrefix(l, "*Refused*"):
			label = "refused"
		case strings.HasPrefix(l, "```toml"):
			b := formatBlock{mark: strings.TrimSpace(strings.TrimPrefix(l, "```toml")), line: i + 1}
			if b.mark != label {
				t.Errorf("FORMAT.md:%d: a block marked %q after a label of %q", b.line, b.mark, label)
			}
			var body []string
			for i++; i < len(lines) && lines[i] != "```"; i++ {
				body = append(body, lines[i])
			}
			b.text = strings.Join(body, "\n") + "\n"
			blocks = append(blocks, b)
			label = ""
		case strings.HasPrefix(l, "```"):
			label = ""
		}
	}
	return blocks
}

// complete adds to part of a game what it lacks, as FORMAT.md says: piles
// x, the moves each -1, and a start of 10 on every pile where it has none
// of [start], [bounds] and sum. It returns the game and the number of
// lines put before the part.
func complete(t *testing.T, part string) (string, int) {
	var keys map[string]any
	if _, err := toml.Decode(part, &keys); err != nil {
		t.Fatalf("not TOML: %v\n%s", err, part)
	}
	var before []string
	piles := []string{"x"}
	if ps, ok := keys["piles"].([]any); ok {
		piles = piles[:0]
		for _, p := range ps {
			piles = append(piles, fmt.Sprint(p))
		}
	} else {
		before = append(before, `piles = ["x"]`)
	}
	_, moves := keys["moves"]
	_, commands := keys["commands"]
	_, octal := keys["octal"]
	if !moves && !commands && !octal {
		before = append(before, `moves = ["each -1"]`)
	}
	game := strings.Join(append(before, part), "\n")
	_, start := keys["start"]
	_, bounds := keys["bounds"]
	_, sum := keys["sum"]
	if !start && !bounds && !sum {
		game += "\n[start]\n"
		for _, p := range piles {
			game += p + " = 10\n"
		}
	}
	return game, len(before)
}

// Every example of the reference loads, as its mark says: a game and a
// completed part of one give their instances, a refused one is refused
// for a fault in its own lines.
func TestFormatExamples(t *testing.T) {
	blocks := formatBlocks(t)
	if len(blocks) < 20 {
		t.Fatalf("%d toml blocks in FORMAT.md", len(blocks))
	}
	for _, b := range blocks {
		text, added := b.text, 0
		if b.mark != "" {
			text, added = complete(t, b.text)
		}
		g, err := Parse("example", []byte(text))
		switch b.mark {
		case "", "part":
			if err == nil {
				_, err = g.Instances()
			}
			if err != nil {
				t.Errorf("FORMAT.md:%d: %s", b.line, RenderError(err))
			}
		case "refused":
			var list ErrorList
			switch {
			case err == nil:
				t.Errorf("FORMAT.md:%d: loads, but the reference says it is refused:\n%s", b.line, text)
			case !errors.As(err, &list) || list[0].Pos.Line <= added || list[0].Pos.Line > added+strings.Count(b.text, "\n"):
				t.Errorf("FORMAT.md:%d: refused for what the test added:\n%s", b.line, RenderError(err))
			}
		default:
			t.Errorf("FORMAT.md:%d: an unknown mark %q", b.line, b.mark)
		}
	}
}
