package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// retro serve on a loopback port picked for it prints where to open the
// page, and no warning; stopped by SIGINT, it says interrupted and exits
// 130, as every command does.
func TestServeCommandLoopback(t *testing.T) {
	ctx, stop := context.WithCancelCause(context.Background())
	defer stop(nil)
	pr, pw := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &env{stdout: pw, stderr: &errb}, []string{"serve", "--addr", "127.0.0.1:0"})
		pw.Close()
	}()
	line := make([]byte, 200)
	n, _ := pr.Read(line)
	got := string(line[:n])
	if !strings.HasPrefix(got, "retro explorer: http://127.0.0.1:") || strings.Contains(got, "[::]") {
		t.Errorf("printed %q", got)
	}
	url := strings.TrimSpace(strings.TrimPrefix(got, "retro explorer: "))
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s: %d", url, resp.StatusCode)
	}
	stop(&signalError{syscall.SIGINT})
	go io.Copy(io.Discard, pr)
	select {
	case code := <-done:
		if code != 130 || errb.String() != "retro: interrupted\n" {
			t.Errorf("exit %d, stderr %q", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}
