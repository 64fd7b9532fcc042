package explorer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"
)

// Serve serves the explorer on addr until ctx is done, then shuts the
// server down. It prints on stdout the address to open the page at, and
// on stderr a warning when the server does not listen on loopback only.
func Serve(ctx context.Context, addr string, opt Options, stdout, stderr io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s := newServer(ctx, opt)
	url, local := listenURL(ln.Addr())
	s.localOnly = local
	srv := &http.Server{
		Handler:           s.handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      opt.Timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Fprintf(stdout, "retro explorer: %s\n", url)
	if !local {
		fmt.Fprintf(stderr, "retro: warning: listening on %s, not on loopback: anyone who can reach this machine can use the explorer\n", ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// listenURL is an address to open the page at, and whether the server
// listens on loopback only. A server on every interface (":0", "[::]:80")
// is reached here at localhost.
func listenURL(addr net.Addr) (string, bool) {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return "http://" + addr.String() + "/", false
	}
	host := ta.IP.String()
	if ta.IP.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(ta.Port)) + "/", ta.IP.IsLoopback()
}
