// Package explorer is retro's explorer: a page (web/) and a small JSON
// API over the engine, served by retro serve (Serve), or run in a
// browser's Web Worker by the engine of the static explorer (RunEngine)
// that retro site writes (WriteSite). The commands parse their flags and
// call it; retro show, query and ege print with --json the shapes of its
// API (PositionResponse, QueryResponse, and out.TaskJSON).
//
// Everything a request brings is data: game text is only parsed by
// rules.Parse, questions by query.ParseQuestion, positions by
// rules.Game.ParsePosition and their history by history.Parse.
//
// Words:
//
//   - Options: the caps of a server: the positions of a game (all its
//     instances together, and with them the moves a solve generates), the
//     instances of a game, a request's time, the widening of an open range,
//     the memory of all solves at once (each its share), the bytes of a
//     request and of a game, the nodes of a tree, the cells of a ribbon,
//     the positions kept in the cache, and the games solved at once.
//   - Cache: the games solved, by the hash of their text and the width of
//     their open ranges, each solved once however many requests ask for it
//     at the same time, and dropped least recently used first beyond a
//     budget of positions.
//   - Preset: a game one click away (/api/presets); a one-pile game over a
//     [bounds] box without starts is written with starts x = S over the box.
//   - Task: one of the exam's questions (query.Tasks), offered by key
//     (/api/tasks) in its JSON form, out.TaskJSON.
//
// Files:
//
//   - server.go: the server (Options, Handler): the cache, the solves
//     within the caps, the routes, the headers, and the errors as the
//     page shows them, in the words of where it runs: retro serve, whose
//     flags set the caps, or the static page, whose caps are fixed.
//   - api.go: the JSON API, endpoint by endpoint; variant.go: "another
//     variant like this" (/api/variant), a new variant of the game's
//     family (out/variant); mapview.go: the map of a game and of its
//     differences from another (/api/map, package out/grid).
//   - serve.go: Serve, the server on an address, as retro serve runs it.
//   - page.go: the page's files, embedded, and WriteSite, the static
//     explorer.
//   - engine_js.go: RunEngine, the API answered in a Web Worker (the
//     WebAssembly build only).
package explorer
