package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"retro/retro/atomicfile"
)

// writeAtomic writes a file whole or not at all. A regular file (or a name
// not taken) is written into a temporary file in the same folder, renamed
// over the name when write has succeeded; a symbolic link is followed and
// its target so written. Anything else (a device, a FIFO, a socket) is
// written through, opened for writing as it is. The write stops with the
// context's error once the context is done; a signal that ends the
// process removes the temporary file (removeTemps).
func writeAtomic(ctx context.Context, path string, write func(w io.Writer) error) error {
	target, special, err := outputTarget(path)
	if err != nil {
		return err
	}
	if special {
		return writeThrough(ctx, path, write)
	}
	return writeTemp(ctx, path, target, func(f *os.File) error {
		bw := bufio.NewWriterSize(ctxWriter{ctx, f}, 1<<16)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// outputFiles are the files of a command that writes a table as CSV
// (--csv FILE, "-" for standard output) and as Parquet (--parquet FILE).
type outputFiles struct {
	csv, parquet string
}

// add sets the flags: --csv, and --parquet where parquet says the
// command can write one.
func (o *outputFiles) add(fs *pflag.FlagSet, csvUsage string, parquet bool) {
	fs.StringVar(&o.csv, "csv", "", csvUsage)
	if parquet {
		fs.StringVar(&o.parquet, "parquet", "", "write the rows as Parquet to this file")
	}
}

// check refuses a file that is one of the inputs, or that looks like a
// flag taken for a file name (--csv --upto 3).
func (o *outputFiles) check(inputs ...string) error {
	for _, f := range []struct{ flag, path string }{{"--csv", o.csv}, {"--parquet", o.parquet}} {
		if strings.HasPrefix(f.path, "-") && f.path != "-" {
			return &usageError{err: fmt.Errorf("%s %s: %s takes a file name (- for standard output)", f.flag, f.path, f.flag)}
		}
		if err := checkNotInput(f.flag, f.path, inputs...); err != nil {
			return err
		}
	}
	return nil
}

// write writes the Parquet file, when one is asked for, and the CSV: to
// its file, or to standard output when it is "-", or when no file at all
// is asked for. Each file is written whole or not at all (writeAtomic).
func (o *outputFiles) write(ctx context.Context, e *env, csv, parquet func(w io.Writer) error) error {
	if o.parquet != "" {
		if err := writeAtomic(ctx, o.parquet, parquet); err != nil {
			return err
		}
		if o.csv == "" {
			return nil
		}
	}
	if o.csv == "" || o.csv == "-" {
		return csv(e.stdout)
	}
	return writeAtomic(ctx, o.csv, csv)
}

// writeAtomicAt is writeAtomic for a writer that places what it writes
// (a table, which puts its directory in front once its blocks are
// written): a regular file is so written, by way of a temporary file; a
// device, a FIFO or a socket is written through by stream, or refused
// where stream is nil (a table written by several ranks).
func writeAtomicAt(ctx context.Context, path string, place func(w io.WriterAt) error, stream func(w io.Writer) error) error {
	target, special, err := outputTarget(path)
	if err != nil {
		return err
	}
	if special {
		if stream == nil {
			return fmt.Errorf("cannot write %s: a table solved by several ranks is written to a regular file", path)
		}
		return writeThrough(ctx, path, stream)
	}
	return writeTemp(ctx, path, target, func(f *os.File) error { return place(ctxWriterAt{ctx, f}) })
}

// writeTemp writes target, the file path leads to, by way of a temporary
// file in its folder (atomicfile), renamed over it when write has
// succeeded and the context is not done. Errors say path.
func writeTemp(ctx context.Context, path, target string, write func(f *os.File) error) error {
	dir, base := filepath.Split(target)
	removeStaleTemps(dir, base)
	var temp string
	defer func() {
		if temp != "" {
			temps.remove(temp)
		}
	}()
	return atomicfile.File{Target: target, Name: path, Pattern: tempPattern(base)}.Write(func(f *os.File) error {
		temp = f.Name()
		temps.add(temp)
		if err := write(f); err != nil {
			return err
		}
		return ctx.Err()
	})
}

// outputTarget is where a write to path lands: path itself, or the file a
// chain of symbolic links leads to (it need not exist). special is true
// when the target exists and is not a regular file; a folder is an error.
func outputTarget(path string) (target string, special bool, err error) {
	st, err := os.Stat(path) // through the links
	switch {
	case err == nil && st.IsDir():
		return "", false, fmt.Errorf("%s is a folder", path)
	case err == nil && !st.Mode().IsRegular():
		return path, true, nil
	case err == nil:
		target, err = filepath.EvalSymlinks(path)
		return target, false, err
	case !errors.Is(err, os.ErrNotExist):
		return "", false, err
	}
	// Not there: the name, or a link to a name not there yet.
	target = path
	for hops := 0; ; hops++ {
		st, err := os.Lstat(target)
		if errors.Is(err, os.ErrNotExist) {
			return target, false, nil
		}
		if err != nil {
			return "", false, err
		}
		if st.Mode()&os.ModeSymlink == 0 || hops == 40 {
			return "", false, fmt.Errorf("cannot write %s: a link leads to %s", path, target)
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", false, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(target), link)
		}
		target = link
	}
}

// writeThrough writes to a file that is not a regular one, as a shell's
// redirection would.
func writeThrough(ctx context.Context, path string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(ctxWriter{ctx, f}, 1<<16)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// cmpDir is the folder of a file name, "." for none.
func cmpDir(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// ctxWriter fails its writes once the context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// ctxWriterAt is ctxWriter for a writer that places what it writes.
type ctxWriterAt struct {
	ctx context.Context
	w   io.WriterAt
}

func (c ctxWriterAt) WriteAt(p []byte, off int64) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.WriteAt(p, off)
}

// ctxFile is ctxWriterAt for a file that a table's write resumes into
// (table.Resumable): it reads back and cuts as the file does.
type ctxFile struct {
	ctx context.Context
	*os.File
}

func (c ctxFile) WriteAt(p []byte, off int64) (int, error) {
	return ctxWriterAt{c.ctx, c.File}.WriteAt(p, off)
}

// The temporary file of a write to NAME is .NAME.tmpPID-RANDOM: the
// process id tells a stale one (its process is gone) from one being
// written.
func tempPattern(base string) string {
	return "." + base + ".tmp" + strconv.Itoa(os.Getpid()) + "-*"
}

// removeStaleTemps removes the temporary files and folders of earlier
// writes to base whose process is gone (killed before it could remove
// them), and those named as earlier versions of retro named them,
// .NAME.tmpNNNN (a file) or .NAME.tmp-NNNN (a folder) without a process
// id, once they have not been written to for staleAfter.
func removeStaleTemps(dir, base string) {
	names, _ := filepath.Glob(filepath.Join(cmpDir(dir), "."+globEscape(base)+".tmp*"))
	prefix := "." + base + ".tmp"
	for _, name := range names {
		rest, ok := strings.CutPrefix(filepath.Base(name), prefix)
		if !ok || rest == "" {
			continue
		}
		st, err := os.Lstat(name)
		if err != nil || !st.Mode().IsRegular() && !st.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		switch {
		case !ok && err == nil && st.Mode().IsRegular(), ok && pidText == "" && st.IsDir(): // the old names: no process to ask
			if time.Since(st.ModTime()) > staleAfter {
				os.RemoveAll(name)
			}
			continue
		case !ok || err != nil || pid <= 0 || pid == os.Getpid():
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.RemoveAll(name)
		}
	}
}

// staleAfter is how long a temporary file of the old name must have lain
// untouched to be taken for one its process left: a write under way
// touches its file far more often.
const staleAfter = time.Hour

// globEscape quotes the pattern characters of a file name.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// temps are the temporary files being written, removed by removeTemps
// when a signal ends the process before the writes can clean up.
var temps = &tempSet{names: map[string]bool{}}

type tempSet struct {
	mu    sync.Mutex
	names map[string]bool
}

func (s *tempSet) add(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.names[name] = true
}

func (s *tempSet) remove(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.names, name)
}

// removeTemps removes every temporary file or folder being written.
func removeTemps() {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	for name := range temps.names {
		os.RemoveAll(name)
	}
}

// replaceDir writes the folder dir whole or not at all: fill writes into
// a temporary folder beside it (.DIR.tmpPID-N; the folders above are made
// where missing), which then replaces dir, a folder the caller has
// checked may go (new, empty, or one the command wrote before). The
// folder is not replaced once the context is done; a signal that ends
// the process removes the temporary folder, and the next write to dir
// one that a killed process left. Its own errors say "cannot write DIR";
// fill's are returned as they are.
func replaceDir(ctx context.Context, dir string, fill func(tmp string) error) error {
	own := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %w", dir, err)
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return own(err)
	}
	removeStaleTemps(filepath.Dir(dir), filepath.Base(dir))
	tmp, err := os.MkdirTemp(filepath.Dir(dir), tempPattern(filepath.Base(dir)))
	if err != nil {
		return own(err)
	}
	temps.add(tmp)
	defer func() {
		os.RemoveAll(tmp)
		temps.remove(tmp)
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return own(err)
	}
	if err := fill(tmp); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return own(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return own(err)
	}
	return nil
}

// checkNotInput refuses an output that is one of the inputs (the same
// file, by device and inode, whatever the names), before anything is
// solved or written.
func checkNotInput(flag, output string, inputs ...string) error {
	if output == "" || output == "-" {
		return nil
	}
	out, err := os.Stat(output)
	if err != nil {
		return nil // not there yet: it cannot be an input
	}
	for _, in := range inputs {
		if st, err := os.Stat(in); err == nil && os.SameFile(out, st) {
			return &usageError{err: fmt.Errorf("%s %s would overwrite the input %s", flag, output, in)}
		}
	}
	return nil
}

// csvFlags are --sep and --bom of the commands that write CSV for
// spreadsheets: export, map and diff.
type csvFlags struct {
	sep string
	bom bool
}

func (f *csvFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.sep, "sep", ",", "the CSV's field separator: one character, such as ';', or tab")
	fs.BoolVar(&f.bom, "bom", false, "start the CSV with a UTF-8 byte order mark (for Excel)")
}

// comma reads --sep.
func (f *csvFlags) comma(c *command) (rune, error) { return readSep(c, f.sep) }

// readSep reads --sep: one character, or "tab".
func readSep(c *command, arg string) (rune, error) {
	sep := arg
	if sep == "tab" || sep == `\t` {
		sep = "\t"
	}
	r, size := utf8.DecodeRuneInString(sep)
	if size == 0 || size != len(sep) || r == '"' || r == '\r' || r == '\n' || r == utf8.RuneError || r == '\ufeff' {
		return 0, usagef(c, "--sep %q: want one character other than a quote or a line break, such as ';' or tab", arg)
	}
	return r, nil
}
