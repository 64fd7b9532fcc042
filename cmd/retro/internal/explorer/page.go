package explorer

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"retro/rules"
)

// The page (web/): index.html, i18n.js (its words in every language),
// app.js, map.js (the map and the comparison), practice.js (the tasks asked before they are answered), style.css,
// and worker.js, the Web Worker that runs the engine of the static explorer. Served by Handler, or written by WriteSite.

//go:embed web
var webFS embed.FS

// SiteMark is the file that marks a folder as a site WriteSite wrote.
const SiteMark = "engine.js"

// WriteSite writes into dir the explorer as static files: the page, with
// engine.js loaded before app.js, engine.js (the Web Worker's source, Go's
// wasmExec and worker.js, and the engine wasm gzipped, in base64) and the
// built-in games (games/*.toml). It returns the gzipped engine's size.
func WriteSite(dir string, wasm, wasmExec []byte) (int, error) {
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
	for _, name := range []string{"i18n.js", "app.js", "map.js", "practice.js", "style.css", "favicon.svg"} {
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
	if err := write(SiteMark, js.Bytes()); err != nil {
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
