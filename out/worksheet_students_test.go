package out_test

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"retro/out"
	"retro/out/query"
	"retro/out/variant"
)

// The students' worksheet has every variant's text, each on a page of
// its own after the first, with its fields, and nothing of the key: no
// solution, no line of how the batch was made.
func TestStudentsWorksheet(t *testing.T) {
	b := batch(t)
	for _, l := range query.Langs {
		var page, md bytes.Buffer
		if err := out.WriteStudentsHTML(&page, b, l); err != nil {
			t.Fatal(err)
		}
		if err := out.WriteStudentsMarkdown(&md, b, l); err != nil {
			t.Fatal(err)
		}
		for name, text := range map[string]string{"html": page.String(), "md": md.String()} {
			for _, v := range b.Variants {
				sol := v.Solutions[l]
				for _, secret := range []string{sol.Task19, sol.Task20[0], sol.Task21, sol.Other} {
					if secret != "" && strings.Contains(text, secret) {
						t.Errorf("%s %s: the students' copy has the solution %q", l, name, secret)
					}
				}
				st := v.Statement(l)
				if !strings.Contains(text, st.Game[len(st.Game)-2]) {
					t.Errorf("%s %s: variant %d's text is missing", l, name, v.Number)
				}
			}
			for _, secret := range []string{"retro make", "<table>\n<tr><th>" + l.Say(query.Text{En: "Variant", Ru: "Вариант"})} {
				if strings.Contains(text, secret) {
					t.Errorf("%s %s: the students' copy has %q", l, name, secret)
				}
			}
			name := query.Text{En: "Name:", Ru: "Фамилия, имя:"}
			if n := strings.Count(text, l.Say(name)); n != len(b.Variants) {
				t.Errorf("%s %s: %d name fields for %d variants", l, name, n, len(b.Variants))
			}
		}
		if n := strings.Count(page.String(), "page-break-before: always"); n != len(b.Variants)-1 {
			t.Errorf("%s: %d page breaks for %d variants", l, n, len(b.Variants))
		}
		if n := strings.Count(page.String(), `<table class="fields answers">`); n != len(b.Variants) {
			t.Errorf("%s: %d answer tables for %d variants", l, n, len(b.Variants))
		}
		if strings.Contains(page.String(), "<script") {
			t.Errorf("%s: a script in the worksheet", l)
		}
	}
}

// The teacher's key tells the guaranteed reading of task 19 right after
// 19's solution, labelled as such, before 20's.
func TestSolutionsGuaranteedBeside19(t *testing.T) {
	b := batch(t)
	var buf bytes.Buffer
	if err := out.WriteWorksheetMarkdown(&buf, b, query.Ru); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	found := false
	for _, v := range b.Variants {
		if v.Solutions[query.Ru].Other == "" {
			continue
		}
		found = true
		g := strings.Index(md, "- 19 (гарантированно): чтение «гарантированно» задания 19")
		at19, at20 := strings.Index(md, "- 19: "+v.Solutions[query.Ru].Task19), strings.Index(md, "- 20: "+v.Solutions[query.Ru].Task20[0])
		if g < 0 || !(at19 < g && g < at20) {
			t.Errorf("variant %d: the guaranteed reading is not between 19 and 20:\n%s", v.Number, md)
		}
		break
	}
	if !found {
		t.Fatal("no variant of the batch has readings that differ: the test needs one")
	}
}

// A word processor opens the worksheets for editing: LibreOffice converts
// both to .docx with their page breaks and the students' fields as
// tables. Skipped without soffice on PATH.
func TestWorksheetsOpenInWordProcessor(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Skip("no soffice (LibreOffice) on PATH")
	}
	b := batch(t)
	dir := t.TempDir()
	for name, write := range map[string]func(io.Writer, *variant.Batch, query.Lang) error{
		"teacher.html": out.WriteWorksheetHTML, "students.html": out.WriteStudentsHTML} {
		var buf bytes.Buffer
		if err := write(&buf, b, query.Ru); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(soffice, "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--headless",
		"--infilter=HTML (StarWriter)", "--convert-to", "docx:MS Word 2007 XML", "--outdir", dir,
		filepath.Join(dir, "teacher.html"), filepath.Join(dir, "students.html"))
	if outp, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, outp)
	}
	doc := func(name string) string {
		z, err := zip.OpenReader(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer z.Close()
		f, err := z.Open("word/document.xml")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		body, err := io.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		return string(body)
	}
	breaks := regexp.MustCompile(`<w:br w:type="page"/>|<w:pageBreakBefore/>|<w:pageBreakBefore w:val="true"/>`)
	students, teacher := doc("students.docx"), doc("teacher.docx")
	if n := len(breaks.FindAllString(students, -1)); n != len(b.Variants)-1 {
		t.Errorf("the students' document has %d page breaks for %d variants", n, len(b.Variants))
	}
	if n := strings.Count(students, "<w:tbl>"); n != 2*len(b.Variants) {
		t.Errorf("the students' document has %d tables, want a name and an answer table for each of %d variants", n, len(b.Variants))
	}
	if !strings.Contains(students, "Фамилия, имя:") || !strings.Contains(students, "Задание 21.") {
		t.Error("the students' document lost its text")
	}
	if len(breaks.FindAllString(teacher, -1)) < 1 || !strings.Contains(teacher, "Ответы") {
		t.Error("the teacher's document has no page break before its key")
	}
}
