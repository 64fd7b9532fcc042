package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "serve [flags]",
		short: "serve the explorer: a page to pick or build a game, ask, and play",
		long: `Serve starts the explorer, a page served from the binary (no network is
needed), and prints its address. On the page: the exam games and Lebedev's
as presets, a constructor for your own game (piles, moves, end, winner,
restriction, start and the range of S) with the game file it makes, the
five exam questions and free questions as a ribbon over S, and the
strategy tree, where a click makes a position the start and a game can be
played against the engine.

The server listens on loopback unless told otherwise (on any other
address it warns that anyone who can reach the machine can use it). Games
are capped (--max-positions, all instances of a game together, and with
it the moves a solve generates), every solve has its share of a memory
budget (--max-memory) and a time limit (--timeout), checked within the
moves of a level; what is too big or too slow is refused with a message.
Solved games are kept, by the hash of their text, up to a budget.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &serveFlags{opt: defaultServeOptions()}
			fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the address to listen on (host:port; port 0 picks a free one)")
			fs.IntVar(&o.opt.maxPositions, "max-positions", o.opt.maxPositions, "refuse a game with more positions than this")
			fs.DurationVar(&o.opt.timeout, "timeout", o.opt.timeout, "refuse a request whose solving takes longer")
			fs.Int64Var(&o.opt.widenCap, "widen-cap", o.opt.widenCap, "widen an open parameter range up to this many values")
			o.maxMemory = byteSize(o.opt.maxMemory)
			fs.Var(&o.maxMemory, "max-memory", "the memory the solves at once may take, shared between them; the default is half of this machine's memory")
			return o.run
		},
	})
}

type serveFlags struct {
	addr      string
	opt       serveOptions
	maxMemory byteSize
}

func (o *serveFlags) run(ctx context.Context, e *env, args []string) error {
	c := commands["serve"]
	if len(args) != 0 {
		return usagef(c, "serve takes no arguments")
	}
	if o.opt.maxPositions < 1 || o.opt.timeout <= 0 || o.opt.widenCap < 1 {
		return usagef(c, "--max-positions, --timeout and --widen-cap must be positive")
	}
	o.opt.maxMemory = int64(o.maxMemory)
	setMemoryLimit(o.opt.maxMemory)
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	s := newServer(ctx, o.opt)
	url, local := listenURL(ln.Addr())
	s.localOnly = local
	srv := &http.Server{
		Handler:           s.handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      o.opt.timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Fprintf(e.stdout, "retro explorer: %s\n", url)
	if !local {
		fmt.Fprintf(e.stderr, "retro: warning: listening on %s, not on loopback: anyone who can reach this machine can use the explorer\n", ln.Addr())
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
