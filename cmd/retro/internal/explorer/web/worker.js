// retro explorer: the Web Worker of the static explorer. retro site puts
// this file after Go's wasm_exec.js into engine.js, as the text the page
// starts its worker from (a worker cannot be loaded from file://). The page
// sends {type: 'start', module} once, with the engine compiled
// (WebAssembly.Module), then {type: 'request', id, method, path, body};
// the worker answers {type: 'ready', timeout}, {type: 'progress', stage,
// done} while solving, and {type: 'response', id, status, body}.
'use strict';

self.onmessage = async (ev) => {
  const m = ev.data;
  if (m.type === 'start') {
    const go = new Go();
    go.argv = ['retro', 'engine'];
    self.retroReady = () => postMessage({type: 'ready', timeout: self.retroTimeout});
    const instance = await WebAssembly.instantiate(m.module, go.importObject);
    go.run(instance).then(() => postMessage({type: 'exit'}));
  } else if (m.type === 'request') {
    try {
      const r = await self.retroRequest(m.method, m.path, m.body);
      postMessage({type: 'response', id: m.id, status: r.status, body: r.body});
    } catch (e) {
      postMessage({type: 'response', id: m.id, status: 500,
        body: JSON.stringify({error: {code: 'internal', message: String(e)}})});
    }
  }
};
