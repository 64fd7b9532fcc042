//go:build js && wasm

package explorer

import (
	"context"
	"net/http/httptest"
	"runtime"
	"strings"
	"syscall/js"
)

// RunEngine is the engine of the static explorer: retro built for a
// browser (GOOS=js GOARCH=wasm), run in a Web Worker (web/worker.js). It
// answers the explorer's API with the server's own handler, caps and
// messages (a refusal in the words of the static page: its cap, and what
// runs the game on a machine), called in-process instead of over HTTP:
//
//	retroRequest(method, path, body) → Promise<{status, body}>
//
// and reports a solve's progress with postMessage({type: "progress",
// stage, done}). It calls retroReady once the functions are set, and runs
// until ctx is done (the worker is stopped).
func RunEngine(ctx context.Context, opt Options) error {
	s := newServer(ctx, opt)
	s.static = true
	post := js.Global().Get("postMessage")
	s.progress = func(stage string, done int64) {
		post.Invoke(map[string]any{"type": "progress", "stage": stage, "done": float64(done)})
		// A browser's Go runs one goroutine at a time and switches only
		// when one blocks: let the timer of the solve's time limit fire.
		runtime.Gosched()
	}
	h := s.handler()
	js.Global().Set("retroRequest", js.FuncOf(func(this js.Value, args []js.Value) any {
		method, path, body := args[0].String(), args[1].String(), args[2].String()
		return newPromise(func() any {
			req := httptest.NewRequest(method, path, strings.NewReader(body))
			if method == "POST" {
				req.Header.Set("Content-Type", "application/json")
			}
			req.Host = "localhost"
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return map[string]any{"status": rec.Code, "body": rec.Body.String()}
		})
	}))
	timeout := s.timeoutError(context.DeadlineExceeded).(*apiError)
	js.Global().Set("retroTimeout", map[string]any{
		"ms":        float64(s.opt.Timeout.Milliseconds()),
		"message":   timeout.msg,
		"messageRu": timeout.ru,
	})
	js.Global().Call("retroReady")
	<-ctx.Done()
	return ctx.Err()
}

// newPromise runs f on its own goroutine (a js.Func must not block) and
// resolves a Promise with what it returns.
func newPromise(f func() any) js.Value {
	var start js.Func
	start = js.FuncOf(func(this js.Value, args []js.Value) any {
		resolve := args[0]
		go func() {
			resolve.Invoke(f())
			start.Release()
		}()
		return nil
	})
	return js.Global().Get("Promise").New(start)
}
