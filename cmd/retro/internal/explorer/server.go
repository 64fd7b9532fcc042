package explorer

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// Options are the caps and limits of a server: those a command sets
// (exported), and the rest, fixed.
type Options struct {
	MaxPositions int           // positions of one game, all instances together
	Timeout      time.Duration // one request's solving, widening included
	WidenCap     int64         // values an open parameter range is widened to
	MaxMemory    int64         // bytes of the tables of all solves at once (each takes its share)

	maxInstances int   // instances of a game with parameters in its rules
	maxBody      int64 // bytes of a request body
	maxGame      int   // bytes of a game's text
	maxTreeNodes int   // nodes of one tree
	maxCells     int   // ribbon cells sent
	cacheBudget  int   // positions kept in the cache, all games together
	solvers      int   // games solved at once
}

// DefaultOptions are the caps and limits of retro serve and of the static
// explorer, with maxMemory bytes for all solves at once.
func DefaultOptions(maxMemory int64) Options {
	return Options{
		MaxPositions: 2_000_000,
		Timeout:      20 * time.Second,
		WidenCap:     4096,
		MaxMemory:    maxMemory,
		maxInstances: 64,
		maxBody:      64 << 10,
		maxGame:      16 << 10,
		maxTreeNodes: 3000,
		maxCells:     4096,
		cacheBudget:  8_000_000,
		solvers:      2,
	}
}

// server holds the solved games. Solved results are read-only and shared
// between requests; every request makes its own rules.Machine.
type server struct {
	opt Options
	// localOnly: the server listens on loopback, and takes only requests
	// addressed to localhost or an IP address (not a name that a foreign
	// page could point at this machine: DNS rebinding).
	localOnly bool
	base      context.Context // solves end with it
	sem       chan struct{}   // a slot per concurrent solve
	// progress, when set, hears how far a solve has got: the stage
	// ("positions", "moves", "edges", "outcomes", "layers") and its count.
	progress func(stage string, done int64)
	// static: the engine of the static explorer (RunEngine), whose
	// messages speak of the page and not of retro serve (see here).
	static bool

	mu    sync.Mutex
	cache map[string]*list.Element // of *cacheEntry, by key
	lru   *list.List               // most recently used first
	held  int                      // positions held by finished entries
}

// cacheEntry is one game solved with one width of its open ranges. ready
// is closed once game, results or err are set; they do not change after.
// The solve runs on its own, for the requests that wait for it (waiters,
// under the server's mu): when the last of them has gone, it is cancelled.
type cacheEntry struct {
	key     string
	ready   chan struct{}
	game    *rules.Game
	results []*retro.Result
	size    int
	err     error
	waiters int
	cancel  context.CancelFunc
}

func newServer(base context.Context, opt Options) *server {
	return &server{opt: opt, base: base, sem: make(chan struct{}, max(opt.solvers, 1)),
		cache: map[string]*list.Element{}, lru: list.New()}
}

// Handler is the explorer's page and API, as retro serve serves them, for
// requests that may stop when base is done.
func Handler(base context.Context, opt Options) http.Handler { return newServer(base, opt).handler() }

// handler routes the page and the API.
func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(webFS, "web")
	mux.Handle("GET /", staticFiles(http.FileServerFS(static)))
	// The page names its icon, favicon.svg; a browser that asks for the
	// customary name anyway gets it there too.
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "favicon.svg")
	})
	mux.HandleFunc("GET /api/presets", s.handlePresets)
	mux.HandleFunc("GET /api/tasks", s.handleTasks)
	mux.HandleFunc("POST /api/check", s.handleCheck)
	mux.HandleFunc("POST /api/query", s.handleQuery)
	mux.HandleFunc("POST /api/tree", s.handleTree)
	mux.HandleFunc("POST /api/position", s.handlePosition)
	mux.HandleFunc("POST /api/variant", s.handleVariant)
	mux.HandleFunc("POST /api/map", s.handleMap)
	mux.HandleFunc("GET /api/", apiNotFound)
	mux.HandleFunc("POST /api/", apiNotFound)
	return secureHeaders(s.checkHost(recovering(mux)))
}

// recovering answers a request whose handler panicked with an internal
// error (500) and says so in the server's log, where net/http would drop
// the connection: the server goes on serving whatever a body holds.
func recovering(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Printf("retro serve: %s %s: internal error: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				writeError(w, fmt.Errorf("internal error: %v", v))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// safely runs f, and turns a panic in it into an error: the goroutines the
// server starts recover, as a panic there would end the process.
func safely(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			log.Printf("retro serve: internal error: %v\n%s", v, debug.Stack())
			err = fmt.Errorf("internal error: %v", v)
		}
	}()
	return f()
}

// checkHost refuses, on a loopback server, requests whose Host is a name
// other than localhost.
func (s *server) checkHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.localOnly {
			host, _, err := net.SplitHostPort(r.Host)
			if err != nil {
				host = r.Host
			}
			host = strings.Trim(host, "[]")
			if host != "localhost" && net.ParseIP(host) == nil {
				writeError(w, &apiError{status: http.StatusMisdirectedRequest, code: "bad-request",
					msg: "this server answers requests to localhost or an IP address only"})
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// staticFiles refuses, before the file server sees them, paths that are
// not valid UTF-8 (an overlong encoding is not) and paths that name no
// file an fs.FS can hold: a bad request, a file not found, never an
// internal error.
func staticFiles(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		switch {
		case !utf8.ValidString(p):
			http.Error(w, "400 bad request: the path is not valid UTF-8", http.StatusBadRequest)
			return
		case p != "/" && !fs.ValidPath(strings.TrimSuffix(strings.TrimPrefix(p, "/"), "/")):
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// apiNotFound answers an API path no route takes, in the API's error form.
func apiNotFound(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/api/presets", "/api/tasks":
		w.Header().Set("Allow", "GET")
	case "/api/check", "/api/query", "/api/tree", "/api/position", "/api/map":
		w.Header().Set("Allow", "POST")
	default:
		writeError(w, &apiError{status: http.StatusNotFound, code: "not-found", msg: "no such API endpoint: " + r.URL.Path})
		return
	}
	writeError(w, &apiError{status: http.StatusMethodNotAllowed, code: "bad-request",
		msg: r.Method + " " + r.URL.Path + ": use " + w.Header().Get("Allow")})
}

// secureHeaders forbids every source but the server itself, so that the
// page runs only its own script.
func secureHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// apiError is an error with the HTTP status and the code the page shows.
type apiError struct {
	status int
	code   string // bad-request, too-large, game, question, too-big, timeout, busy, internal
	msg    string
	ru     string // the message in Russian, where there is one
	err    error  // a game's or a question's error, for the spot it marks
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, a ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, code: "bad-request", msg: fmt.Sprintf(format, a...)}
}

// badInput is a request refused for what the user typed (a position, a
// history, an axis): the engine's error, in both languages.
func badInput(err error) *apiError {
	return &apiError{status: http.StatusBadRequest, code: "bad-request", msg: err.Error(), ru: lang.Say(err, lang.Ru)}
}

// parseGame parses a game's text; it is never anything but parsed.
func (s *server) parseGame(text string) (*rules.Game, error) {
	if strings.TrimSpace(text) == "" {
		return nil, badRequest("no game: send its text in \"game\"")
	}
	if len(text) > s.opt.maxGame {
		return nil, &apiError{status: http.StatusRequestEntityTooLarge, code: "too-large",
			msg: fmt.Sprintf("the game text has %d bytes; %s takes at most %d", len(text), s.here(), s.opt.maxGame)}
	}
	g, err := rules.Parse("game.toml", []byte(text))
	if err != nil {
		return nil, gameError(err)
	}
	if g.Sum {
		return nil, &apiError{status: http.StatusUnprocessableEntity, code: "game",
			msg: "heap games (sum = true) are not shown here: use retro sg"}
	}
	return g, nil
}

// gameError is the refusal of a game for its own error, which the engine
// says in English and in Russian.
func gameError(err error) *apiError {
	ru := lang.Say(err, lang.Ru)
	if l := rules.Positioned(err); l != nil {
		ru = l.In(lang.Ru)
	}
	return &apiError{status: http.StatusUnprocessableEntity, code: "game", msg: err.Error(), ru: ru, err: err}
}

// solved returns a game's results with its open start ranges taking width
// values: from the cache, or solved now (once, however many requests ask
// for it at the same time). It waits while ctx lasts; a solve that every
// request waiting for it has given up is cancelled, so that it frees its
// slot and its memory.
func (s *server) solved(ctx context.Context, text string, width int64) (*cacheEntry, error) {
	sum := sha256.Sum256([]byte(text))
	key := fmt.Sprintf("%s/%d", hex.EncodeToString(sum[:]), width)
	s.mu.Lock()
	var e *cacheEntry
	if el, ok := s.cache[key]; ok {
		s.lru.MoveToFront(el)
		e = el.Value.(*cacheEntry)
	} else {
		e = &cacheEntry{key: key, ready: make(chan struct{})}
		s.cache[key] = s.lru.PushFront(e)
		var solveCtx context.Context
		solveCtx, e.cancel = context.WithTimeout(s.base, s.opt.Timeout)
		go s.fill(solveCtx, e, text, width)
	}
	e.waiters++
	s.mu.Unlock()
	select {
	case <-e.ready:
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e.waiters--; e.waiters == 0 && !isClosed(e.ready) {
		e.cancel() // nobody waits for it: a later request starts afresh
		s.drop(e)
	}
	if !isClosed(e.ready) {
		return nil, s.timeoutError(ctx.Err())
	}
	return e, e.err
}

// fill solves the game of entry e and keeps it in the cache, or drops it
// on an error: a timeout may pass on a quieter server.
func (s *server) fill(ctx context.Context, e *cacheEntry, text string, width int64) {
	e.err = safely(func() (err error) {
		e.game, e.results, e.size, err = s.solve(ctx, text, width)
		return err
	})
	e.cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	close(e.ready)
	if e.err != nil {
		s.drop(e)
		return
	}
	if el, ok := s.cache[e.key]; ok && el.Value == e {
		s.held += e.size
		s.evict()
	}
}

// drop takes entry e out of the cache, if it is still there.
func (s *server) drop(e *cacheEntry) {
	if el, ok := s.cache[e.key]; ok && el.Value == e {
		s.lru.Remove(el)
		delete(s.cache, e.key)
	}
}

func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// evict drops the least recently used finished games beyond the budget,
// keeping at least the newest.
func (s *server) evict() {
	for el := s.lru.Back(); el != nil && s.held > s.opt.cacheBudget && s.lru.Len() > 1; {
		prev := el.Prev()
		e := el.Value.(*cacheEntry)
		select {
		case <-e.ready:
			s.lru.Remove(el)
			delete(s.cache, e.key)
			s.held -= e.size
		default: // still being solved
		}
		el = prev
	}
}

// solve parses and solves every instance of a game within the caps: the
// positions of all instances together within maxPositions, the solve in
// a slot of its own.
func (s *server) solve(ctx context.Context, text string, width int64) (*rules.Game, []*retro.Result, int, error) {
	g, err := s.parseGame(text)
	if err != nil {
		return nil, nil, 0, err
	}
	opt := s.gameOptions(width)
	opt.SharedCap = true
	acquired := false
	opt.Check = func(g *rules.Game) error {
		if err := s.checkRanges(g, width); err != nil {
			return err
		}
		err := s.acquire(ctx)
		acquired = err == nil
		return err
	}
	if s.progress != nil {
		opt.Stage = func(_ *rules.Instance, stage string, done int64) { s.progress(stage, done) }
		opt.Layer = func(_ *rules.Instance, layer, _, _ int) { s.progress("layers", int64(layer)) }
	}
	sv, err := retro.SolveLoaded(ctx, g, opt)
	if acquired {
		s.release()
	}
	if err != nil {
		return nil, nil, 0, s.solveError(err, g)
	}
	return g, sv.Results, sv.Positions(), nil
}

// checkRanges refuses, before anything is made of them, parameter ranges
// that give more games than maxInstances, or more start positions than
// maxPositions (every start is a position).
func (s *server) checkRanges(g *rules.Game, width int64) error {
	games, ok := g.InstanceCount(width, int64(s.opt.maxInstances))
	if !ok {
		return &apiError{status: http.StatusUnprocessableEntity, code: "too-big",
			msg: fmt.Sprintf("the rules' parameters give more than %d games, the most %s solves: narrow their ranges", s.opt.maxInstances, s.here())}
	}
	if _, ok := g.StartCount(width, int64(s.opt.MaxPositions)/games); !ok {
		return s.solveError(positions.ErrTooManyPositions, g)
	}
	return nil
}

// acquire takes a solving slot, waiting while the server is busy.
func (s *server) acquire(ctx context.Context) error {
	select {
	case s.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return &apiError{status: http.StatusServiceUnavailable, code: "busy",
			msg: fmt.Sprintf("%s is busy solving other games: try again", s.here())}
	}
}

func (s *server) release() { <-s.sem }

// The messages say where they are shown: on the page of retro serve a cap
// is named with the flag that sets it; on the static page, whose caps are
// fixed in its engine, with what runs the game on a machine instead.

// here is where the engine answers, as its messages name it.
func (s *server) here() string {
	if s.static {
		return "this page"
	}
	return "this server"
}

// hereRu is here in Russian, in the genitive a limit takes («предел этой
// страницы»).
func (s *server) hereRu() string {
	if s.static {
		return "этой страницы"
	}
	return "этого сервера"
}

// capNoteRu is capNote in Russian: the flag of retro serve that sets the
// cap, on the server.
func (s *server) capNoteRu(flag string) string {
	if s.static {
		return ""
	}
	return " (его задаёт «retro serve " + flag + "»)"
}

// beyondRu is beyond in Russian: where a game too large for the static
// page is solved.
func (s *server) beyondRu(flag string) string {
	if !s.static {
		return ""
	}
	return ". Такую игру решает программа retro на компьютере: «retro solve ИГРА.toml», или эта страница, открытая через «retro serve " + flag + "»"
}

// ruSeconds writes a time limit in Russian: «20 секунд».
func ruSeconds(d time.Duration) string {
	n := int64(d / time.Second)
	return fmt.Sprintf("%d %s", n, lang.RuForm(n, "секунды", "секунд", "секунд"))
}

// capNote is what a refusal says of a cap in parentheses after naming
// it: what more there is to say of it (detail, when not empty) and, on
// the server, the flag of retro serve that sets it; "" when there is
// nothing to say.
func (s *server) capNote(detail, flag string) string {
	var parts []string
	if detail != "" {
		parts = append(parts, detail)
	}
	if !s.static {
		parts = append(parts, "retro serve "+flag)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// beyond ends a refusal of the static page with where the game may fit:
// on a machine, solved by retro solve, or on this page served by retro
// serve with the cap raised (flag, with its argument); "" on the server,
// whose message names its flag already.
func (s *server) beyond(flag string) string {
	if !s.static {
		return ""
	}
	return "; on a machine, beyond this page's limits: retro solve GAME.toml, or this page served by retro serve " + flag
}

// solveError explains why a solve failed: the cap, the time limit, or the
// game's own error.
func (s *server) solveError(err error, g *rules.Game) error {
	var api *apiError
	tooBig := func(format string, a ...any) *apiError {
		return &apiError{status: http.StatusUnprocessableEntity, code: "too-big", msg: fmt.Sprintf(format, a...)}
	}
	const positionsFlag = "--max-positions N"
	switch {
	case errors.As(err, &api):
		return api
	case errors.Is(err, positions.ErrTooManyPositions):
		e := tooBig("refused: the game has more than %d positions, the cap of %s%s; "+
			"narrow the range of its parameters, or check that the game ends%s",
			s.opt.MaxPositions, s.here(), s.capNote("", "--max-positions"), s.beyond(positionsFlag))
		e.ru = fmt.Sprintf("отказ: в игре больше %d позиций, а это предел %s%s; сузьте диапазон параметров или проверьте, что игра заканчивается%s",
			s.opt.MaxPositions, s.hereRu(), s.capNoteRu("--max-positions"), s.beyondRu(positionsFlag))
		return e
	case errors.Is(err, positions.ErrTooManyEdges):
		e := tooBig("refused: the game has more than %d moves between positions, the cap of %s%s%s",
			s.maxEdges(), s.here(), s.capNote(fmt.Sprintf("%d a position on average", edgesPerPosition), "--max-positions"), s.beyond(positionsFlag))
		e.ru = fmt.Sprintf("отказ: в игре больше %d ходов между позициями, а это предел %s (в среднем %d на позицию)%s",
			s.maxEdges(), s.hereRu(), edgesPerPosition, s.beyondRu(positionsFlag))
		return e
	case errors.Is(err, positions.ErrTooManyMoves):
		e := tooBig("refused: solving the game generates more than %d moves, the cap of %s%s; a move family over a wide range makes many%s",
			s.maxMoves(), s.here(), s.capNote(fmt.Sprintf("%d a position on average", movesPerPosition), "--max-positions"), s.beyond(positionsFlag))
		e.ru = fmt.Sprintf("отказ: решение игры перебирает больше %d ходов, а это предел %s (в среднем %d на позицию); много ходов даёт ход с широким диапазоном%s",
			s.maxMoves(), s.hereRu(), movesPerPosition, s.beyondRu(positionsFlag))
		return e
	case errors.Is(err, positions.ErrMemoryBudget):
		e := tooBig("refused: %v; that is one solve's share of the memory of %s, which runs %d at once%s%s",
			strings.TrimPrefix(err.Error(), positions.ErrMemoryBudget.Error()+": "), s.here(), max(s.opt.solvers, 1),
			s.capNote("", "--max-memory"), s.beyond("--max-memory SIZE"))
		e.ru = fmt.Sprintf("отказ: игре не хватает памяти, отведённой одному решению на %s%s%s",
			s.hereRu(), s.capNoteRu("--max-memory"), s.beyondRu("--max-memory SIZE"))
		return e
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return s.timeoutError(err)
	}
	return gameError(err)
}

// edgesPerPosition bounds the moves of a served game on average, so that
// its move graph (4 bytes an edge) stays within the position cap's memory.
const edgesPerPosition = 32

func (s *server) maxEdges() int64 { return int64(s.opt.MaxPositions) * edgesPerPosition }

// movesPerPosition bounds the moves a solve generates (each three times:
// to find the positions, to count the edges and to place them) on average,
// so that a game of a huge fan-out over few positions stops within the
// time limit, and frees its slot.
const movesPerPosition = 3 * 2 * edgesPerPosition

func (s *server) maxMoves() int64 { return int64(s.opt.MaxPositions) * movesPerPosition }

// gameOptions are the options of a solve on this server with the open
// ranges taking width values: at most maxPositions positions, its share of
// the memory, the move caps.
func (s *server) gameOptions(width int64) retro.GameOptions {
	return retro.GameOptions{MaxPositions: s.opt.MaxPositions, OpenWidth: width, MaxEdges: s.maxEdges(), MaxMoves: s.maxMoves(),
		MaxBytes: s.opt.MaxMemory / int64(max(s.opt.solvers, 1))}
}

// timeoutError is the refusal of a solve that was cancelled, or that
// took longer than the time limit.
func (s *server) timeoutError(err error) error {
	if errors.Is(err, context.Canceled) {
		return &apiError{status: http.StatusServiceUnavailable, code: "timeout", msg: "the request was cancelled", ru: "запрос отменён"}
	}
	return &apiError{status: http.StatusServiceUnavailable, code: "timeout",
		msg: fmt.Sprintf("refused: solving took more than %s, the limit of %s%s%s", s.opt.Timeout, s.here(),
			s.capNote("", "--timeout"), s.beyond("--timeout DURATION")),
		ru: fmt.Sprintf("отказ: решение заняло больше %s, а это предел %s%s%s", ruSeconds(s.opt.Timeout), s.hereRu(),
			s.capNoteRu("--timeout"), s.beyondRu("--timeout DURATION"))}
}

// openWidth is the width of the open ranges a request asks for: the
// default for none, at most the widening cap.
func (s *server) openWidth(width int64) (int64, error) {
	if width <= 0 {
		return positions.DefaultOpenWidth, nil
	}
	if width > s.opt.WidenCap {
		return 0, badRequest("width %d: at most %d", width, s.opt.WidenCap)
	}
	return width, nil
}

// solveContext bounds one request's solving in time: it ends with the
// request or at the server's time limit, whichever comes first.
func (s *server) solveContext(req context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(req, s.opt.Timeout)
}
