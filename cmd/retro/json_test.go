package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"retro/cmd/retro/internal/explorer"
	"retro/out"
)

// The --json outputs say what the text outputs say.

func TestShowJSON(t *testing.T) {
	got, errs, code := runCmd(t, "show", "--json", "ege-2027-demo", "17,29")
	// The moves of (17, 29) as TestShow reads them in the text: doubling b
	// leaves the opponent a win in one (17 + 116 = 133).
	want := `{"position":{"position":[17,29],"text":"(17, 29)","outcome":"W","layer":7,"final":false,"moves":[` +
		`{"move":"each +4","position":[21,29],"text":"(21, 29)","outcome":"L","layer":6,"best":true},` +
		`{"move":"each +4","position":[17,33],"text":"(17, 33)","outcome":"L","layer":8},` +
		`{"move":"each *2","position":[34,29],"text":"(34, 29)","outcome":"W","layer":7},` +
		`{"move":"each *2","position":[17,58],"text":"(17, 58)","outcome":"W","layer":1}]},"reply":0}` + "\n"
	if code != 0 || got != want {
		t.Fatalf("exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
	// Every move of the JSON is a line of the text.
	var j explorer.PositionResponse
	if err := json.Unmarshal([]byte(got), &j); err != nil {
		t.Fatal(err)
	}
	text, _, _ := runCmd(t, "show", "ege-2027-demo", "17,29")
	for _, m := range j.Position.Moves {
		mark := " "
		if m.Best {
			mark = "*"
		}
		line := fmt.Sprintf("  %s %s -> %s  %s %d\n", mark, m.Move, m.Text, m.Outcome, *m.Layer)
		if !strings.Contains(text, line) {
			t.Errorf("the text lacks %q:\n%s", line, text)
		}
	}
	if _, errs, code := runCmd(t, "show", "--json", "nim", "3,5,6"); code != 2 || !strings.Contains(errs, "heap game") {
		t.Errorf("show --json on a heap game: exit %d, %s", code, errs)
	}
}

func TestQueryJSON(t *testing.T) {
	// From 31..33 every move ends the game (x − 3 ≤ 30): W 1; from 34,
	// x − 3 = 31 does not end it, but x // 4 = 8 does: W 1 too.
	got, errs, code := runCmd(t, "query", "--json", "ege-bank-one-pile", "win =1", "--param", "S=31..34")
	cell := func(s int) string {
		return fmt.Sprintf(`{"params":[%d],"label":"%d","instance":0,"position":[%d],"outcome":"W","layer":1,"holds":"yes"`, s, s, s)
	}
	want := `{"answer":{"question":"win =1","meaning":"W 1","aggregate":"min","names":["S"],"params":[{"name":"S","lo":31,"hi":34}],"cells":[` +
		cell(31) + `,"answer":true},` + cell(32) + "}," + cell(33) + "}," + cell(34) + `}],"values":[[31]],"text":"31"},"width":100}` + "\n"
	if code != 0 || got != want {
		t.Fatalf("exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
}

func TestEgeJSON(t *testing.T) {
	got, errs, code := runCmd(t, "ege", "--json", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j egeJSON
	if err := json.Unmarshal([]byte(got), &j); err != nil {
		t.Fatal(err)
	}
	// The demo's published answers, and the reasons ege prints.
	text, _, _ := runCmd(t, "ege", "ege-2027-demo")
	wants := map[string]string{"19": "29", "19g": "56", "20": "28 48", "21": "44"}
	if len(j.Tasks) != 4 {
		t.Fatalf("%d tasks", len(j.Tasks))
	}
	for _, task := range j.Tasks {
		if task.Answer.Text != wants[task.Task.Key] {
			t.Errorf("%s: %q, want %q", task.Task.Key, task.Answer.Text, wants[task.Task.Key])
		}
		if !strings.Contains(text, "    "+task.Reason+"\n") {
			t.Errorf("%s: reason %q is not in the text", task.Task.Key, task.Reason)
		}
	}
}

// TestSolveInfoJSON compares solve --json and info --json with the text
// summary of the same game.
func TestSolveInfoJSON(t *testing.T) {
	got, errs, code := runCmd(t, "solve", "--json", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s out.SummaryJSON
	if err := json.Unmarshal([]byte(got), &s); err != nil {
		t.Fatal(err)
	}
	text, _, _ := runCmd(t, "solve", "ege-2027-demo", "--layers", "0")
	lines := []string{
		fmt.Sprintf("positions:  %d\n", s.Positions),
		fmt.Sprintf("moves:      %d legal moves, %d edges between positions\n", s.Moves, s.Edges),
		fmt.Sprintf("outcomes:   W %d  L %d  D %d\n", s.Outcomes.W, s.Outcomes.L, s.Outcomes.D),
		fmt.Sprintf("layers:     %d\n", len(s.Layers)),
	}
	for _, l := range s.Layers {
		lines = append(lines, fmt.Sprintf("  %s %-6d %d\n", l.Outcome, *l.Layer, l.Positions))
	}
	for _, l := range lines {
		if !strings.Contains(text, l) {
			t.Errorf("the summary lacks %q:\n%s", l, text)
		}
	}
	// 3505 positions: the count the README's table of the demo gives.
	if s.Positions != 3505 || s.Instances != 1 || s.Game != "ЕГЭ-2027 (демо), задания 19–21" {
		t.Errorf("summary %+v", s)
	}

	table := solveTo(t, t.TempDir(), "ege-2027-demo")
	got, errs, code = runCmd(t, "info", "--json", table)
	if code != 0 {
		t.Fatalf("info: exit %d: %s", code, errs)
	}
	var in out.InfoJSON
	if err := json.Unmarshal([]byte(got), &in); err != nil {
		t.Fatal(err)
	}
	info, _, _ := runCmd(t, "info", table)
	if in.Positions != s.Positions || in.Outcomes != s.Outcomes || len(in.Layers) != len(s.Layers) || in.Made == nil ||
		!strings.Contains(info, "sha256 "+in.SHA256) || !strings.Contains(info, fmt.Sprintf("file:       %d bytes", in.Bytes)) ||
		filepath.Base(in.Table) != "ege-2027-demo.rtb" || len(in.Parts) != 5 {
		t.Errorf("info --json %+v\ninfo:\n%s", in, info)
	}
	var sum int64
	for _, p := range in.Parts {
		sum += p.Bytes
	}
	if uint64(sum) != in.CheckedBytes {
		t.Errorf("the parts add up to %d bytes, the checked part is %d", sum, in.CheckedBytes)
	}
}
