package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"retro/cmd/retro/internal/explorer"
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
	gz, err := explorer.WriteSite(tmp, bin, wasmExec)
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
	if _, err := os.Stat(filepath.Join(dir, explorer.SiteMark)); err != nil {
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
