package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"retro/rules"
)

func init() {
	register(&command{
		name:  "site",
		usage: "site [flags] DIR",
		short: "write the explorer as static files that run without a server",
		long: `Site writes into DIR the explorer of retro serve as a folder of static files
that works opened from disk (file://) and from any static web host: the
page (index.html, i18n.js, app.js, style.css), engine.js and the built-in games
(games/*.toml). engine.js holds the engine, this command built for the
browser (GOOS=js GOARCH=wasm: the same packages, the same caps and
messages), gzipped, and the Web Worker that runs it; the page solves in
that worker, with a progress line and a Stop button.

Site builds the engine with the Go toolchain, so run it in the retro
source tree (go run ./cmd/retro site DIR); --wasm uses an engine built
before instead (GOOS=js GOARCH=wasm go build -o retro.wasm ./cmd/retro,
with the same Go: its wasm_exec.js goes along). DIR must be new, empty, or
a folder site wrote before; it is replaced whole, never half written.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &siteOptions{}
			fs.StringVar(&o.wasm, "wasm", "", "use this engine (retro built with GOOS=js GOARCH=wasm) instead of building one")
			return o.run
		},
	})
}

type siteOptions struct {
	wasm string
}

// siteMark is the file that marks a folder as a site retro wrote.
const siteMark = "engine.js"

func (o *siteOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["site"]
	if len(args) != 1 {
		return usagef(c, "site takes one DIR")
	}
	dir := filepath.Clean(args[0])
	if err := checkSiteDir(dir); err != nil {
		return err
	}
	goroot, err := goEnv(ctx, "GOROOT")
	if err != nil {
		return err
	}
	wasmExec, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("site: Go's wasm_exec.js: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	wasm := o.wasm
	if wasm == "" {
		wasm = filepath.Join(tmp, "retro.wasm")
		if err := buildEngine(ctx, wasm); err != nil {
			return err
		}
	}
	bin, err := os.ReadFile(wasm)
	if err != nil {
		return fmt.Errorf("site: the engine: %w", err)
	}
	if !bytes.HasPrefix(bin, []byte("\x00asm")) {
		return fmt.Errorf("site: %s is not WebAssembly", wasm)
	}
	os.Remove(filepath.Join(tmp, "retro.wasm"))
	gz, err := writeSite(tmp, bin, wasmExec)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	fmt.Fprintf(e.stdout, "wrote the explorer to %s: open %s\nthe engine: %.1f MB of WebAssembly, %.1f MB gzipped\n",
		dir, filepath.Join(dir, "index.html"), float64(len(bin))/1e6, float64(gz)/1e6)
	return nil
}

// checkSiteDir refuses a DIR that holds anything but a site written before.
func checkSiteDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("site: %w", err)
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, siteMark)); err != nil {
		return fmt.Errorf("site: %s is not empty and holds no site written by retro site: choose a new or empty directory", dir)
	}
	return nil
}

// goEnv asks the Go toolchain for one of its settings.
func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("site needs the Go toolchain (go env %s: %v)", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// buildEngine builds this command for the browser from the source tree the
// working directory is in.
func buildEngine(ctx context.Context, out string) error {
	mod, err := exec.CommandContext(ctx, "go", "list", "-m").Output()
	if err != nil || strings.TrimSpace(string(mod)) != "retro" {
		return errors.New("site builds the engine from the retro source: run it in the source tree (go run ./cmd/retro site DIR), or pass --wasm")
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "retro/cmd/retro")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("site: building the engine (GOOS=js GOARCH=wasm go build): %v\n%s", err, stderr.String())
	}
	return nil
}

// writeSite writes the page, engine.js and the games into dir, and returns
// the gzipped engine's size.
func writeSite(dir string, wasm, wasmExec []byte) (int, error) {
	write := func(name string, data []byte) error {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, data, 0o644)
	}
	page, err := fs.ReadFile(webFS, "web/index.html")
	if err != nil {
		return 0, err
	}
	const app = `<script src="app.js" defer></script>`
	if !bytes.Contains(page, []byte(app)) {
		return 0, errors.New("site: index.html does not load app.js")
	}
	page = bytes.Replace(page, []byte(app), []byte(`<script src="engine.js" defer></script>`+"\n"+app), 1)
	if err := write("index.html", page); err != nil {
		return 0, fmt.Errorf("site: %w", err)
	}
	for _, name := range []string{"i18n.js", "app.js", "style.css"} {
		data, err := fs.ReadFile(webFS, "web/"+name)
		if err == nil {
			err = write(name, data)
		}
		if err != nil {
			return 0, fmt.Errorf("site: %w", err)
		}
	}
	worker, err := fs.ReadFile(webFS, "web/worker.js")
	if err != nil {
		return 0, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	if err := zw.Close(); err != nil {
		return 0, err
	}
	src, _ := json.Marshal(string(wasmExec) + "\n" + string(worker))
	var js bytes.Buffer
	js.WriteString("// The engine of the static explorer, written by retro site: the Web Worker's\n" +
		"// source (Go's wasm_exec.js and worker.js) and retro built for the browser,\n" +
		"// gzipped, in base64.\n")
	fmt.Fprintf(&js, "window.RETRO_ENGINE = {\n  worker: %s,\n  wasm: \"%s\",\n};\n", src, base64.StdEncoding.EncodeToString(gz.Bytes()))
	if err := write(siteMark, js.Bytes()); err != nil {
		return 0, fmt.Errorf("site: %w", err)
	}
	for _, name := range rules.BuiltinNames() {
		data, _ := rules.Builtin(name)
		if err := write("games/"+name+".toml", data); err != nil {
			return 0, fmt.Errorf("site: %w", err)
		}
	}
	return gz.Len(), nil
}
