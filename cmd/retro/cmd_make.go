package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/out/query"
	"retro/out/variant"
	"retro/retro"
)

func init() {
	register(&command{
		name:  "make",
		usage: "make [flags] FAMILY",
		short: "make new variants of the exam's tasks 19–21, with their answers",
		long: `Make draws games from FAMILY (a family file, or a built-in family: --list
names them), solves each, and keeps the variants whose tasks 19, 20 and 21
are well posed in the exam's wording: each task has an answer of the kind
its wording asks for, none at an end of the range of S, all different, and
the side that wins has a real decision to make; and whose answers are not
those of a variant made before in the batch, nor depend on how a move that
overshoots the limit is counted (the exam's count or the one a program
playing move by move gives). The same FAMILY, --count and --seed give the
same variants.

It prints the teacher's worksheet as Markdown: each variant's tasks in the
exam's words, then the key (the answers, and how many S qualify for each
task) and the short solutions, in Russian or, with --lang en, in English;
--students prints the students' worksheet instead: each variant on a page
of its own with fields for the student's name and answers, without the key.
-o DIR writes into DIR each variant's game file (variant-01.toml, …, games
retro ege answers), the teacher's worksheet.html (printable, the key on a
page of its own) and worksheet.md, the students' worksheet-students.html
and worksheet-students.md, and prints a line per variant; the HTML files
open in Word or LibreOffice Writer for editing. DIR must be new, empty, or a
folder retro make wrote before, and is replaced whole, never half written.
--json prints the variants with their answers, texts and solutions in both
languages. A long batch shows its progress on stderr (--quiet: none).`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &makeOptions{flags: fs}
			fs.IntVar(&o.count, "count", 1, "how many variants to make")
			fs.Uint64Var(&o.seed, "seed", 1, "the seed of the draw: the same seed, the same variants")
			fs.StringVarP(&o.dir, "out", "o", "", "write the game files and the worksheets into this folder")
			addJSONFlag(fs, &o.json)
			fs.BoolVar(&o.list, "list", false, "list the built-in families, one a line, with their titles in the locale's language (or --lang's); with --json, as JSON")
			fs.StringVar(&o.langArg, "lang", "ru", "the language of the texts: ru or en; given, of the errors too (without it, the locale's)")
			fs.BoolVar(&o.students, "students", false, "print the students' worksheet (name and answer fields, no key) instead of the teacher's")
			o.quiet.add(fs)
			return o.run
		},
	})
}

type makeOptions struct {
	flags    *pflag.FlagSet // to tell --lang given from its default
	count    int
	seed     uint64
	dir      string
	json     bool
	list     bool
	langArg  string
	students bool
	quiet    quietFlag
}

func (o *makeOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["make"]
	if o.list {
		if len(args) != 0 {
			return usagef(c, "make --list takes no FAMILY")
		}
		lang := e.lang // the list speaks the locale's language unless --lang says
		if o.flags.Changed("lang") {
			lang, _ = parseLang(o.langArg)
		}
		return listFamilies(e.stdout, lang, o.json)
	}
	if len(args) != 1 {
		return usagef(c, "make takes one FAMILY (make --list names the built-in ones)")
	}
	lang, ok := parseLang(o.langArg)
	if !ok {
		return usagef(c, "--lang %q: want ru or en", o.langArg)
	}
	if o.flags.Changed("lang") {
		e.lang = lang // the language of the errors too, as --lang of ege and the others
	}
	if o.students && (o.json || o.dir != "") {
		return usagef(c, "--students prints the students' worksheet: not with --json, and -o writes it beside the teacher's (worksheet-students.html)")
	}
	if o.count < 1 || o.count > 10000 {
		return usagef(c, "--count %d: want 1 to 10000", o.count)
	}
	f, err := variant.FromArg(args[0])
	if err != nil {
		return err
	}
	if o.dir != "" {
		o.dir = filepath.Clean(o.dir)
		if err := checkVariantDir(o.dir); err != nil {
			return err
		}
	}
	prog := newProgress(e, bool(o.quiet), time.Now())
	b, err := variant.Make(ctx, f, variant.Options{Count: o.count, Seed: o.seed, Lang: lang, Progress: makeProgress(prog, o.count),
		Solve: retro.GameOptions{MaxBytes: defaultMemoryBudget()}})
	prog.done()
	var big *variant.TooLargeError
	switch {
	case errors.As(err, &big):
		return errors.New(big.Error()) // without the engine's cap: no flag of make moves it
	case err != nil:
		return err
	}
	if o.dir != "" {
		if err := writeVariants(ctx, o.dir, b, lang); err != nil {
			return err
		}
	}
	switch {
	case o.json:
		return printJSON(e.stdout, out.NewBatchJSON(b))
	case o.dir != "":
		return out.WriteVariantList(e.stdout, b, lang)
	case o.students:
		return out.WriteStudentsMarkdown(e.stdout, b, lang)
	}
	return out.WriteWorksheetMarkdown(e.stdout, b, lang)
}

// makeProgress shows how far a batch has got, as every command's progress
// is shown (on a terminal once it has taken a second, elsewhere a line
// now and then): "make: 3 of 10 variants (30%), 57 candidates drawn".
func makeProgress(p *progress, want int) func(kept, tried int) {
	return func(kept, tried int) {
		p.show("%s, %d candidates drawn", countLine("make", int64(kept), int64(want), "variants"), tried)
	}
}

// listFamilies writes the built-in families, one a line: the name and
// the family's title in language l; asJSON, as one line of JSON, each
// family's name and its title in both languages.
func listFamilies(w io.Writer, l query.Lang, asJSON bool) error {
	type family struct {
		Name    string `json:"name"`
		TitleRu string `json:"title_ru"`
		TitleEn string `json:"title_en"`
	}
	var all []family
	for _, name := range variant.BuiltinNames() {
		f, _ := variant.Builtin(name)
		all = append(all, family{Name: name, TitleRu: f.Title(query.Ru), TitleEn: f.Title(query.En)})
	}
	if asJSON {
		b, err := json.Marshal(all)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	for _, f := range all {
		title := f.TitleEn
		if l == query.Ru {
			title = f.TitleRu
		}
		if _, err := fmt.Fprintf(w, "%-24s %s\n", f.Name, title); err != nil {
			return err
		}
	}
	return nil
}

// writeVariants writes the folder dir, whole or not at all (replaceDir):
// the game files and the worksheets, the teacher's and the students'.
func writeVariants(ctx context.Context, dir string, b *variant.Batch, l query.Lang) error {
	write := func(path string, to func(w io.Writer) error) error {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		bw := bufio.NewWriter(f)
		err = to(bw)
		if err == nil {
			err = bw.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	return replaceDir(ctx, dir, func(tmp string) error {
		for _, v := range b.Variants {
			if err := write(filepath.Join(tmp, out.VariantFile(v)), func(w io.Writer) error {
				_, err := io.WriteString(w, v.Game)
				return err
			}); err != nil {
				return err
			}
		}
		for _, sheet := range []struct {
			name  string
			write func(io.Writer, *variant.Batch, query.Lang) error
		}{{"worksheet.html", out.WriteWorksheetHTML}, {"worksheet.md", out.WriteWorksheetMarkdown},
			{"worksheet-students.html", out.WriteStudentsHTML}, {"worksheet-students.md", out.WriteStudentsMarkdown}} {
			if err := write(filepath.Join(tmp, sheet.name), func(w io.Writer) error { return sheet.write(w, b, l) }); err != nil {
				return err
			}
		}
		return nil
	})
}

// reVariantOutput are the names of the files retro make -o writes.
var reVariantOutput = regexp.MustCompile(`^(variant-\d+\.toml|worksheet(-students)?\.(html|md))$`)

// checkVariantDir refuses, before anything is made, a DIR that holds
// anything but what retro make -o writes: it is replaced whole.
func checkVariantDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("make: -o %s: %w", dir, errors.Unwrap(err))
	}
	for _, en := range entries {
		if !en.Type().IsRegular() || !reVariantOutput.MatchString(en.Name()) {
			return fmt.Errorf("make: -o %s holds %s, which retro make does not write: choose a new or empty folder, or one retro make wrote before (it is replaced whole)", dir, en.Name())
		}
	}
	return nil
}
