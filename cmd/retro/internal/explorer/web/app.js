// retro explorer: the page of `retro serve`. Plain script, no build step.
// Every answer comes from the server's engine (/api/...); this file only
// builds the game file from the constructor and draws what comes back.
// Text from the server is always set as text, never as HTML.
'use strict';

const $ = (id) => document.getElementById(id);

// el makes an element: el('button', {class: 'x', onclick: f}, 'text', child…).
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// api calls the engine: the server (retro serve), or in the static
// explorer the same engine compiled to WebAssembly, in a Web Worker. A
// failure is thrown as {code, message, errors, rendered}.
async function api(path, body) {
  if (engine) return engine.call(path, body);
  const opt = body === undefined ? {} :
    {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  let resp, data;
  try {
    resp = await fetch(path, opt);
  } catch (e) {
    throw {code: 'network', message: t('the server does not answer (is retro serve still running?)')};
  }
  try {
    data = await resp.json();
  } catch (e) {
    throw {code: 'internal', message: t('the server sent no JSON (status {0})', resp.status)};
  }
  if (!resp.ok) throw (data && data.error) || {code: 'internal', message: 'status ' + resp.status};
  return data;
}

// wasmEngine runs the engine of engine.js (written by retro site: the
// worker's source and the gzipped WebAssembly, as text, since a page opened
// from file:// can fetch nothing) in a Web Worker, one request at a time.
// Stop ends the worker, and with it a solve; the next request starts
// another. A solve that outlives the engine's time limit by far (the limit
// itself is the engine's: it stops the solve and says so) is stopped with
// the engine's own message.
function wasmEngine(src) {
  let module = null, worker = null, ready = null, seq = 0;
  let limit = {ms: 20000, message: 'refused: solving took too long'};
  const pending = new Map();

  async function compile() {
    const raw = atob(src.wasm);
    const gz = new Uint8Array(raw.length);
    for (let k = 0; k < raw.length; k++) gz[k] = raw.charCodeAt(k);
    const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
    return WebAssembly.compile(await new Response(stream).arrayBuffer());
  }

  function start() {
    module = module || compile();
    const w = new Worker(URL.createObjectURL(new Blob([src.worker], {type: 'text/javascript'})));
    worker = w;
    ready = new Promise((resolve, reject) => {
      w.onmessage = (ev) => {
        const m = ev.data;
        if (m.type === 'ready') {
          limit = m.timeout;
          resolve();
        } else if (m.type === 'progress') {
          showProgress(m.stage, m.done);
        } else if (m.type === 'response') {
          const p = pending.get(m.id);
          if (p) p.settle(m);
        } else if (m.type === 'exit') {
          stop({code: 'internal', message: t('the engine stopped')});
        }
      };
      w.onerror = (e) => {
        e.preventDefault();
        reject({code: 'internal', message: t('the engine does not start: {0}', e.message || '?')});
      };
      module.then((mod) => w.postMessage({type: 'start', module: mod}),
        (e) => reject({code: 'internal', message: t('the engine does not load: {0}', e)}));
    });
    ready.catch(() => { if (worker === w) worker = null; });
  }

  function stop(err) {
    if (worker) worker.terminate();
    worker = null;
    for (const p of [...pending.values()]) p.fail(err);
    pending.clear();
    showProgress(null);
  }

  async function call(path, body) {
    if (!worker) start();
    await ready;
    const id = ++seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => stop({code: 'timeout', message: limit.message, messageRu: limit.messageRu}), limit.ms + 5000);
      const done = () => {
        clearTimeout(timer);
        pending.delete(id);
        if (!pending.size) showProgress(null);
      };
      pending.set(id, {
        fail: (e) => { done(); reject(e); },
        settle: (m) => {
          done();
          let data;
          try { data = JSON.parse(m.body); } catch (e) { data = null; }
          if (m.status >= 400 || !data) reject((data && data.error) || {code: 'internal', message: 'status ' + m.status});
          else resolve(data);
        },
      });
      showProgress('start', 0);
      worker.postMessage({type: 'request', id, method: body === undefined ? 'GET' : 'POST', path,
        body: body === undefined ? '' : JSON.stringify(body)});
    });
  }

  return {call, stop: () => stop({code: 'stopped', message: t('stopped: the solve was ended by the Stop button')})};
}

const engine = window.RETRO_ENGINE ? wasmEngine(window.RETRO_ENGINE) : null;

// showProgress shows how far the engine's solve has got, with its Stop
// button; stage null hides it.
let progressTimer = 0, progressTick = 0, progressSince = 0;
function showProgress(stage, done) {
  const box = $('progress');
  if (!box) return;
  if (stage === null) {
    clearTimeout(progressTimer);
    clearInterval(progressTick);
    progressTimer = progressTick = 0;
    box.hidden = true;
    delete box.dataset.stage;
    return;
  }
  const seconds = () => ((Date.now() - progressSince) / 1000).toFixed(1);
  if (stage === 'start') {
    progressSince = Date.now();
    delete box.dataset.stage;
    // Quick answers flash nothing.
    if (!progressTimer && box.hidden) progressTimer = setTimeout(() => { box.hidden = false; }, 300);
    $('progress-text').textContent = t('Solving…');
    // Until the engine reports a stage, the time it has taken.
    clearInterval(progressTick);
    progressTick = setInterval(() => {
      if (!box.dataset.stage) $('progress-text').textContent = t('Solving… {0} s', seconds());
    }, 250);
    return;
  }
  box.dataset.stage = stage;
  const words = {positions: 'positions found', moves: 'moves counted', edges: 'moves linked', outcomes: 'outcomes made', layers: 'layers coloured'};
  $('progress-text').textContent = t('Solving: {0} {1}, {2} s', done.toLocaleString(LANG), t(words[stage] || stage), seconds());
}

const state = {
  presets: [],
  tasks: [],
  game: null,        // {id, label, text}: the game the ribbon and the tree are about
  ownText: null,     // the constructor's text when it is a valid game
  query: null,       // the last /api/query answer
  width: 100,        // values the open start ranges took
  tree: null,        // {req, instance, root}
  treeAuto: false,   // the tree's start was chosen by the page (the answer), not the user
  trail: [],         // earlier tree starts, for Back
  play: null,
  variantBase: null, // the game "another variant like this" makes variants of
  variantText: null, // the last variant it made
  variantSeed: 0,    // the seed of the last one: each click the next
};

// ---- outcomes

const SHAPE = {W: '▲', L: '▼', D: '●', '?': '◆'};
const OCLASS = {W: 'o-W', L: 'o-L', D: 'o-D', '?': 'o-U'};
// PLAYER names the player to move after an even (0) or odd (1) number of moves.
const PLAYER = {0: 'Petya', 1: 'Vanya', get(k) { return playerName(this[k]); }};

function value(o, layer) { return (SHAPE[o] || '') + o + (layer === null || layer === undefined ? '' : layer); }

// spell says what an outcome and layer mean for the player to move.
function spell(o, layer, who, other) {
  if (o === 'W') {
    const n = Math.max(1, Math.ceil(layer / 2));
    return n === 1 ? t('{0} wins, with at most one more move of his', who) : t('{0} wins, with at most {1} more moves of his', who, n);
  }
  if (o === 'L') {
    if (layer === 0) return t('{0} has lost', who);
    return layer === 2 ? t('{0} wins, with at most one move of his, whatever {2} does', other, 1, who) :
      t('{0} wins, with at most {1} moves of his, whatever {2} does', other, layer / 2, who);
  }
  if (o === 'D') return t('a draw: neither side can force a win');
  return t('beyond the horizon');
}

// winner names who wins from a tree node with best play: the player to
// move there (mover: 0 Petya, 1 Vanya) at a W, the other at an L, in how
// many moves of his own (the layer counts the moves of both: a W's
// mover makes (layer + 1) / 2 of them, an L's other layer / 2), or a
// draw, or beyond the horizon. It returns {who: 0, 1, 'D' or '?', text}.
function winner(n, mover) {
  if (n.outcome === 'D') return {who: 'D', text: t('draw')};
  if (n.outcome !== 'W' && n.outcome !== 'L') return {who: '?', text: t('beyond the horizon')};
  const who = n.outcome === 'W' ? mover : 1 - mover;
  const moves = n.outcome === 'W' ? Math.ceil(n.layer / 2) : n.layer / 2;
  if (n.end) return {who, text: t('{0} has won, the game is over', PLAYER.get(who))};
  if (moves === 0) return {who, text: t('{0} wins whatever {1} does', PLAYER.get(who), PLAYER.get(mover))};
  return {who, text: t('{0} wins in {1}', PLAYER.get(who), nMoves(moves))};
}

function fmtPos(p) {
  let s = '(' + p.position.join(', ') + ')';
  if (p.last !== undefined && p.last !== null) s += ' last=' + p.last;
  if (p.mylast !== undefined && p.mylast !== null) s += ' mylast=' + p.mylast;
  return s;
}

// saidMove is a move in words in the page's language ("doubles the second
// pile"), or its command where the engine sent no words.
function saidMove(m) { return (typeof m.words === 'string' ? m.words : m.words && m.words[LANG]) || m.move; }

// fmtPiles writes a position by its piles only, as sentences do: the move
// beside it says its history.
function fmtPiles(p) { return '(' + p.position.join(', ') + ')'; }

// fmtPosWords writes a position with its history in words: "(9), the last
// move "d"".
function fmtPosWords(p) {
  let s = fmtPiles(p);
  const said = (name) => (LANG === 'ru' ? '«' + name + '»' : '"' + name + '"');
  if (p.last !== undefined && p.last !== null) s += ', ' + (p.last === 'none' ? t('no move yet') : t('the last move {0}', said(p.last)));
  if (p.mylast !== undefined && p.mylast !== null) s += ', ' + (p.mylast === 'none' ? t('no own move yet') : t('one\'s own last move {0}', said(p.mylast)));
  return s;
}

// errorText is an error's message in the page's language, where the
// engine has it in Russian (messageRu).
function errorText(e) {
  if (e && LANG === 'ru' && e.messageRu) return e.messageRu;
  return e && e.message ? e.message : String(e);
}

// spotText is the message of one error of a game file or a question in
// the page's language: the engine says each in English and in Russian.
function spotText(s) {
  return LANG === 'ru' && s.msgRu ? s.msgRu : s.msg;
}

// inLang is a text the engine gives in English (en) and Russian (ru), in
// the page's language.
function inLang(en, ru) {
  return LANG === 'ru' && ru ? ru : en;
}

// errorLead is an engine's error with a lead in the page's language.
function errorLead(e) {
  const leads = {game: '✗ The game: {0}', question: '✗ The question: {0}', 'too-big': '✗ Too big: {0}',
    timeout: '✗ Too slow: {0}', busy: '✗ Busy: {0}', stopped: '✗ Stopped: {0}', network: '✗ No answer: {0}'};
  return t(leads[e && e.code] || '✗ Error: {0}', errorText(e));
}

// gameLabel names the game the page is about.
function gameLabel(g) {
  if (g.id === 'own') return t('your own game');
  const p = state.presets.find((p) => p.id === g.id);
  return p ? presetTitle(p) : g.id;
}

// presetTitle is a preset's title in the page's language.
function presetTitle(p) { return t(p.title); }

// ---- the constructor

const DEFAULT_PILES = {1: ['x'], 2: ['a', 'b'], 3: ['a', 'b', 'c']};
const OPS = [['+', 'add'], ['-', 'subtract'], ['*', 'multiply by'], ['//', 'divide by (rounding down)'], ['expr', 'any move:']];
const MY_GAME = 'My game';

let form = {
  name: t(MY_GAME), piles: ['a', 'b'],
  moves: [{op: '+', pile: 'each', k: 1, expr: '', cmd: ''}, {op: '*', pile: 'each', k: 2, expr: '', cmd: ''}],
  endKind: 'total', endOp: '>=', endN: 100, endExpr: '', winner: 'mover', winnerExpr: '', count: 'exam',
  allow: '', allowExpr: '', start: ['10', 'S'], param: 'S', lo: 1, hi: 89,
};

// moveText is a move entry of the game format.
function moveText(m, piles) {
  if (m.op === 'expr') return m.expr.trim();
  const k = String(m.k).trim() || '0';
  if (piles.length === 1) return piles[0] + ' ' + m.op + ' ' + k;
  if (m.pile === 'each') return 'each ' + m.op + k;
  return m.pile + ' = ' + m.pile + ' ' + m.op + ' ' + k;
}

// parseMove reads a move entry back into a row of the constructor.
function parseMove(text, piles, cmd) {
  let m = /^each\s*(\+|-|\*|\/\/)\s*(\d+)$/.exec(text);
  if (m) return {op: m[1], pile: 'each', k: +m[2], expr: '', cmd};
  m = /^([A-Za-z_]\w*)\s*(\+|-|\*|\/\/)\s*(\d+)$/.exec(text);
  if (m && piles.length === 1 && m[1] === piles[0]) return {op: m[2], pile: 'each', k: +m[3], expr: '', cmd};
  m = /^([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\s*(\+|-|\*|\/\/)\s*(\d+)$/.exec(text);
  if (m && m[1] === m[2] && piles.includes(m[1])) return {op: m[3], pile: m[1], k: +m[4], expr: '', cmd};
  return {op: 'expr', pile: 'each', k: 1, expr: text, cmd};
}

function tomlString(s) {
  return '"' + String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') + '"';
}

function tomlKey(s) { return /^[A-Za-z0-9_-]+$/.test(s) ? s : tomlString(s); }

// formToToml writes the game file of the constructor.
function formToToml(f) {
  const lines = [];
  const piles = f.piles;
  lines.push('name  = ' + tomlString(f.name || t(MY_GAME)));
  lines.push('piles = [' + piles.map(tomlString).join(', ') + ']');
  const grouped = f.moves.some((m) => m.cmd.trim() !== '');
  if (!grouped) lines.push('moves = [' + f.moves.map((m) => tomlString(moveText(m, piles))).join(', ') + ']');
  let end = f.endExpr.trim();
  if (f.endKind === 'total') end = piles.join(' + ') + ' ' + f.endOp + ' ' + (String(f.endN).trim() || '0');
  if (end) lines.push('end    = ' + tomlString(end));
  lines.push('winner = ' + tomlString(f.winner === 'custom' ? f.winnerExpr.trim() : f.winner));
  const allow = f.allow === 'custom' ? f.allowExpr.trim() : f.allow;
  if (allow) lines.push('allow  = ' + tomlString(allow));
  if (f.count === 'lebedev') lines.push('count  = "lebedev"');
  if (grouped) {
    const groups = new Map();
    f.moves.forEach((m, k) => {
      const name = m.cmd.trim() || 'm' + (k + 1);
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(moveText(m, piles));
    });
    lines.push('', '[commands]');
    for (const [name, ms] of groups) lines.push(tomlKey(name) + ' = [' + ms.map(tomlString).join(', ') + ']');
  }
  lines.push('', '[start]');
  piles.forEach((p, k) => {
    const v = String(f.start[k] === undefined ? '0' : f.start[k]).trim() || '0';
    lines.push(p + ' = ' + (/^-?\d+$/.test(v) ? v : tomlString(v)));
  });
  const lo = String(f.lo).trim() || '1', hi = String(f.hi === null ? '' : f.hi).trim();
  lines.push('', '[params]', tomlKey(f.param || 'S') + ' = ' + tomlString(lo + '..' + hi));
  return lines.join('\n') + '\n';
}

// formFromServer turns the server's reading of a game file into the
// constructor's fields.
function formFromServer(sf) {
  const f = {name: sf.name, piles: sf.piles.slice(), moves: [], count: sf.count, param: sf.param,
    lo: sf.lo, hi: sf.hi === null ? '' : sf.hi, start: sf.start.slice(),
    endKind: 'custom', endOp: '>=', endN: '', endExpr: sf.end, winner: 'custom', winnerExpr: sf.winner,
    allow: 'custom', allowExpr: sf.allow};
  for (const c of sf.commands) for (const m of c.moves) f.moves.push(parseMove(m.trim(), f.piles, sf.grouped ? c.name : ''));
  const m = /^\s*([A-Za-z_]\w*(?:\s*\+\s*[A-Za-z_]\w*)*)\s*(>=|<=|>|<)\s*(-?\d+)\s*$/.exec(sf.end);
  if (m && m[1].split('+').map((s) => s.trim()).join(',') === f.piles.join(',')) {
    f.endKind = 'total'; f.endOp = m[2]; f.endN = m[3];
  }
  if (sf.winner === 'mover' || sf.winner === 'other') f.winner = sf.winner;
  if (['', 'no-repeat-opponent', 'no-repeat-own'].includes(sf.allow)) f.allow = sf.allow;
  return f;
}

function option(value, label, selected) {
  return el('option', {value, selected: selected ? true : undefined}, label);
}

// renderForm writes the constructor's fields into the page.
function renderForm() {
  $('f-name').value = form.name;
  $('f-piles').value = String(form.piles.length);
  $('f-end-kind').value = form.endKind;
  $('f-end-op').value = form.endOp;
  $('f-end-n').value = form.endN;
  $('f-end-expr').value = form.endExpr;
  $('f-winner').value = form.winner;
  $('f-winner-expr').value = form.winnerExpr;
  $('f-count').value = form.count;
  $('f-allow').value = form.allow;
  $('f-allow-expr').value = form.allowExpr;
  $('f-lo').value = form.lo;
  $('f-hi').value = form.hi === null ? '' : form.hi;
  $('f-param-name').textContent = form.param;
  $('tree-param').textContent = form.param;
  const moves = $('f-moves');
  moves.replaceChildren();
  form.moves.forEach((m, k) => moves.append(moveRow(m, k)));
  const start = $('f-start');
  start.replaceChildren();
  form.piles.forEach((p, k) => start.append(el('label', {}, p + ' = ',
    el('input', {type: 'text', size: 8, class: 'f-start', value: form.start[k] || '', 'aria-label': t('start of pile {0}', p)}))));
  showConditional();
}

function moveRow(m, k) {
  const ops = el('select', {class: 'm-op', 'aria-label': t('move {0}: operation', k + 1)},
    ...OPS.map(([v, label]) => option(v, t(label), v === m.op)));
  const pile = el('select', {class: 'm-pile', 'aria-label': t('move {0}: pile', k + 1),
    hidden: m.op === 'expr' || form.piles.length === 1},
  option('each', t('on any pile'), m.pile === 'each'), ...form.piles.map((p) => option(p, t('on pile {0}', p), m.pile === p)));
  return el('li', {}, el('div', {class: 'row'}, ops, pile,
    el('input', {type: 'number', class: 'm-k', value: m.k, 'aria-label': t('move {0}: operand', k + 1), hidden: m.op === 'expr'}),
    el('input', {type: 'text', class: 'm-expr', size: 22, value: m.expr, 'aria-label': t('move {0}: the move', k + 1), hidden: m.op !== 'expr'}),
    el('input', {type: 'text', class: 'm-cmd', size: 7, value: m.cmd, placeholder: t('command'), 'aria-label': t('move {0}: command name (optional)', k + 1)}),
    el('button', {type: 'button', class: 'm-del', 'aria-label': t('remove move {0}', k + 1), onclick: () => {
      readForm(); form.moves.splice(k, 1); renderForm(); formChanged();
    }}, '✕')));
}

function showConditional() {
  $('f-end-total').hidden = $('f-end-kind').value !== 'total';
  $('f-end-expr').hidden = $('f-end-kind').value === 'total';
  $('f-winner-expr').hidden = $('f-winner').value !== 'custom';
  $('f-allow-expr').hidden = $('f-allow').value !== 'custom';
  for (const li of $('f-moves').children) {
    const expr = li.querySelector('.m-op').value === 'expr';
    li.querySelector('.m-k').hidden = expr;
    li.querySelector('.m-expr').hidden = !expr;
    li.querySelector('.m-pile').hidden = expr || form.piles.length === 1;
  }
}

// readForm reads the page's fields into form.
function readForm() {
  form.name = $('f-name').value;
  form.endKind = $('f-end-kind').value;
  form.endOp = $('f-end-op').value;
  form.endN = $('f-end-n').value;
  form.endExpr = $('f-end-expr').value;
  form.winner = $('f-winner').value;
  form.winnerExpr = $('f-winner-expr').value;
  form.count = $('f-count').value;
  form.allow = $('f-allow').value;
  form.allowExpr = $('f-allow-expr').value;
  form.lo = $('f-lo').value;
  form.hi = $('f-hi').value;
  form.start = [...document.querySelectorAll('.f-start')].map((i) => i.value);
  form.moves = [...$('f-moves').children].map((li) => ({
    op: li.querySelector('.m-op').value, pile: li.querySelector('.m-pile').value,
    k: li.querySelector('.m-k').value, expr: li.querySelector('.m-expr').value, cmd: li.querySelector('.m-cmd').value,
  }));
}

function formChanged() {
  $('copied').replaceChildren(); // said of the game before the edit
  markEdited();
  readForm();
  showConditional();
  $('source').value = formToToml(form);
  state.formText = $('source').value;
  scheduleCheck();
}

function changePiles() {
  readForm();
  const n = +$('f-piles').value;
  const old = form.piles;
  if (old.length !== n && form.name === state.loadedName) form.name = t(MY_GAME);
  form.piles = DEFAULT_PILES[n];
  form.start = form.piles.map((_, k) => form.start[k] !== undefined ? form.start[k] : '0');
  if (n === 1) form.start = [form.start.includes('S') ? 'S' : form.start[0]];
  for (const m of form.moves) if (m.pile !== 'each' && !form.piles.includes(m.pile)) m.pile = 'each';
  if (old.length !== n) renderForm();
  formChanged();
}

// ---- checking the game file

let checkTimer = 0, checkSeq = 0;

// scheduleCheck checks the game file a moment after the last edit; fill
// loads it into the constructor then (an edit of the file's text, which
// the constructor would otherwise not show).
function scheduleCheck(fill) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => runCheck(!!fill), 250);
}

// runCheck asks the server to parse the game file; fill loads the result
// into the constructor. It takes the place of a check scheduled by an
// edit (it reads the text as it is now), which would otherwise come after
// it and make a game loaded meanwhile wait for an answer it drops.
async function runCheck(fill) {
  clearTimeout(checkTimer);
  const text = $('source').value;
  const seq = ++checkSeq;
  $('check').dataset.state = 'checking';
  try {
    const c = await api('/api/check', {game: text});
    if (seq !== checkSeq) return c;
    const out = [el('p', {class: 'ok'}, t('✓ A valid game: {0} pile(s), {1} command(s)', c.piles.length, c.commands.length) +
      (c.params.length ? ', ' + c.params.map((p) => p.name + ' = ' + p.lo + '..' + (p.open ? ' ' + t('(open)') : p.hi)).join(', ') : '') + '.')];
    if (fill && c.form) {
      form = formFromServer(c.form);
      state.loadedName = form.name;
      state.formText = text;
      renderForm();
    } else if (fill) {
      out.push(el('p', {}, t('The constructor cannot show this game ({0}); it can still be used as your own game as written.', inLang(c.why, c.whyRu))));
    }
    if (c.noStart) {
      out.push(el('p', {class: 'bad'}, t('✗ Not for the explorer as it is: {0}.', inLang(c.noStart, c.noStartRu))));
      $('check').replaceChildren(...out);
      $('check').dataset.state = 'no-start';
      ownInvalid({message: c.noStart, messageRu: c.noStartRu});
      return c;
    }
    if (c.explore) out.push(el('p', {}, t('It has a [bounds] box and no start: the explorer asks about it as starts {0} = S over the box, S taking every value of the box.', c.piles[0])));
    $('check').replaceChildren(...out);
    $('check').dataset.state = 'ok';
    ownValid(c.explore || text);
    return c;
  } catch (e) {
    if (seq !== checkSeq) return null;
    showSourceError($('check'), e, text);
    $('check').dataset.state = 'error';
    ownInvalid(e);
    return null;
  }
}

// showSourceError shows an error of a game file: the message, and the lines
// it points at with the spot marked.
function showSourceError(box, e, text) {
  const parts = [el('p', {class: 'bad'}, e.errors && e.errors.length ? t('✗ {0} error(s) in the game file:', e.errors.length) : errorLead(e))];
  if (e.errors && e.errors.length) {
    const lines = text.split('\n');
    const byLine = new Map();
    for (const s of e.errors) if (s.line > 0 && !byLine.has(s.line)) byLine.set(s.line, s);
    for (const s of e.errors) {
      if (s.line > 0 && box.id === 'check') {
        // A button that selects the spot in the game file.
        parts.push(el('p', {}, el('button', {type: 'button', class: 'error linkish', onclick: () => selectSpot(text, s)},
          t('line {0}, column {1}: ', s.line, s.col) + spotText(s))));
      } else {
        parts.push(el('p', {class: 'error'}, s.line > 0 ? t('line {0}, column {1}: ', s.line, s.col) + spotText(s) : spotText(s)));
      }
    }
    const pre = el('pre', {class: 'src', 'aria-label': t('the game file with the errors marked')});
    lines.forEach((line, k) => {
      const s = byLine.get(k + 1);
      if (!s && !(byLine.has(k) || byLine.has(k + 2))) return;
      const ln = el('span', {class: 'ln'}, String(k + 1).padStart(3) + '  ');
      if (!s) { pre.append(ln, line + '\n'); return; }
      const chars = [...line];
      const a = Math.max(0, s.col - 1), b = Math.min(chars.length, a + Math.max(1, s.len));
      pre.append(ln, el('span', {class: 'errline'}, chars.slice(0, a).join(''),
        el('mark', {}, chars.slice(a, b).join('') || ' '), chars.slice(b).join('')), '\n');
    });
    if (pre.childNodes.length) parts.push(pre);
  }
  box.replaceChildren(...parts);
}

// selectSpot selects an error's text in the game file.
function selectSpot(text, s) {
  const ta = $('source');
  if (ta.value !== text) return;
  const lines = text.split('\n');
  let off = 0;
  for (let k = 0; k < s.line - 1 && k < lines.length; k++) off += lines[k].length + 1;
  // Columns count characters; the textarea counts UTF-16 units.
  const line = lines[s.line - 1] || '';
  const chars = [...line];
  const a = off + chars.slice(0, s.col - 1).join('').length;
  const b = a + chars.slice(s.col - 1, s.col - 1 + s.len).join('').length;
  ta.focus();
  ta.setSelectionRange(a, Math.max(a, b));
}

// markEdited notes an edit of the constructor or the game file: what the
// page answers is the game before the edit, shown as stale, until the
// edit is checked and, valid, becomes the game answered (ownValid).
function markEdited() {
  state.edited = true;
  if (!state.game) return;
  $('ribbon-section').dataset.stale = 'true';
  $('game-status').textContent = t('Game: {0}.', gameLabel(state.game)) + ' ' +
    t('The game was edited: the answers below are for the game before the edit until the edit is checked.');
}

function ownValid(text) {
  state.ownText = text;
  const b = $('own-game');
  b.disabled = false;
  b.title = t('Use the game of the constructor');
  if (state.game && state.game.text !== text && (state.game.id === 'own' || state.edited)) setGame({id: 'own', text});
  else if (state.game && state.game.text === text) clearStale();
}

function ownInvalid(e) {
  state.ownText = null;
  const b = $('own-game');
  b.disabled = true;
  b.title = t('The constructor\'s game cannot be used: {0}', errorText(e));
  if (state.edited && state.game) {
    $('ribbon-section').dataset.stale = 'true';
    $('game-status').textContent = t('Game: {0}.', gameLabel(state.game)) + ' ' +
      t('The edited game has errors (see the constructor): the answers below are for the game before the edit.');
  }
}

// clearStale drops the mark of an edit: the page answers the game shown.
function clearStale() {
  state.edited = false;
  delete $('ribbon-section').dataset.stale;
  if (state.game) $('game-status').textContent = t('Game: {0}.', gameLabel(state.game));
}

// ---- choosing the game

function pressGameButton(id) {
  for (const b of document.querySelectorAll('.game-button')) b.setAttribute('aria-pressed', String(b.dataset.id === id));
}

function setGame(g) {
  state.game = g;
  clearStale();
  saveView();
  state.tree = null;
  state.trail = [];
  stopPlay();
  pressGameButton(g.id);
  $('game-status').textContent = t('Game: {0}.', gameLabel(g));
  runQuery(true);
  if (typeof mapGameChanged === 'function') mapGameChanged(); // map.js
  if (typeof practiceGameChanged === 'function') practiceGameChanged(); // practice.js
}

async function choosePreset(p) {
  state.basePreset = p; // what a comparison starts from
  $('source').value = p.source;
  setGame({id: p.id, text: p.source});
  await runCheck(true);
}

// ---- questions and the ribbon

function renderTasks() {
  const box = $('tasks');
  const chosen = currentTask();
  // The question's codes under a task in English; in Russian the task's
  // words alone (the free question's field shows the codes, to edit).
  const choices = state.tasks.map((k) => ({key: k.key, title: taskLabel(k), sub: LANG === 'ru' ? '' : k.question, wording: taskText(k).wording}));
  choices.push({key: 'free', title: t('Your question'), sub: t('below'), wording: t('a question of your own')});
  box.replaceChildren(...choices.map((c, k) => el('label', {title: c.wording},
    el('input', {type: 'radio', name: 'task', value: c.key, checked: (chosen ? c.key === chosen : k === 0) ? true : undefined,
      onchange: () => { showTaskQuestion(); runQuery(false); }}), ' ' + c.title, el('small', {}, c.sub))));
  showTaskQuestion();
}

// showTaskQuestion writes the chosen task's question into the free
// question's fields, to be edited from there.
function showTaskQuestion() {
  const t = state.tasks.find((t) => t.key === currentTask());
  if (!t) return;
  $('free-q').value = t.question;
  $('free-agg').value = t.aggregate;
  if (t.k) $('free-k').value = t.k;
}

function currentTask() {
  const r = document.querySelector('input[name="task"]:checked');
  return r ? r.value : null;
}

// taskText is a task's title and wording in the page's language.
function taskText(task) { return (task.lang && task.lang[LANG]) || task; }

// taskLabel names a task on the page: "Task 20" for the exam's numbered
// tasks, the task's own name ("Wins in one") for the others.
function taskLabel(task) {
  const title = taskText(task).title;
  return /^\d/.test(title) ? t('Task {0}', title) : title.charAt(0).toUpperCase() + title.slice(1);
}

let querySeq = 0;

async function runQuery(newGame) {
  if (!state.game) return;
  const key = currentTask();
  const req = {game: state.game.text};
  if (key === 'free') {
    req.question = $('free-q').value;
    req.aggregate = $('free-agg').value;
    if (req.aggregate === 'first' || req.aggregate === 'last') req.k = +$('free-k').value || 1;
  } else req.task = key;
  const seq = ++querySeq;
  const sec = $('ribbon-section');
  sec.dataset.state = 'loading';
  sec.dataset.task = key;
  $('answer').textContent = t('Solving…');
  try {
    const r = await api('/api/query', req);
    if (seq !== querySeq) return;
    state.query = r;
    state.width = r.width;
    renderRibbon(r, key);
    sec.dataset.state = 'ready';
    saveView();
    if (state.pendingStart) {
      const want = state.pendingStart;
      state.pendingStart = null;
      const c = r.answer.cells.find((c) => c.params.join(',') === want.join(','));
      if (c) startTreeAt(c, false);
      else showTree({start: want}, 0, false, {ply: 0});
    } else if (newGame || !state.tree || state.treeAuto) startTreeAtAnswer();
  } catch (e) {
    if (seq !== querySeq) return;
    state.query = null;
    $('meaning').textContent = '';
    $('reason').textContent = ''; // the reason of an earlier answer
    $('ribbon').replaceChildren();
    const box = $('answer');
    if (e.code === 'question' && e.errors) {
      showQuestionError(box, e);
    } else if (e.code === 'game' && e.errors) {
      showSourceError(box, e, state.game.text);
    } else {
      box.replaceChildren(el('span', {class: 'error'}, errorLead(e)));
    }
    sec.dataset.state = 'error';
    // A question's error says nothing about the game: its tree stays.
    if (e.code !== 'question') clearTree(errorText(e));
  }
}

function showQuestionError(box, e) {
  const s = e.errors[0];
  const q = [...$('free-q').value];
  const a = Math.max(0, s.col - 1), b = Math.min(q.length, a + s.len);
  box.replaceChildren(el('span', {class: 'error'}, t('✗ The question: {0}', spotText(s))),
    el('pre', {class: 'src'}, q.slice(0, a).join(''), el('mark', {}, q.slice(a, b).join('') || ' '), q.slice(b).join('')));
}

function renderRibbon(r, key) {
  const a = r.answer;
  const task = r.task;
  const x = (r.explain && r.explain[LANG]) || {meaning: a.meaning, ranges: '', reasons: []};
  // In Russian a task is said in its words only; the question's codes are
  // for the free question, which is written in them.
  $('meaning').textContent = task && LANG === 'ru' ? t('{0}: {1}.', taskLabel(task), taskText(task).wording) + ' ' + x.ranges + '.' :
    (task ? t('{0}: {1}.', taskLabel(task), taskText(task).wording) + ' ' : '') +
    t('The question «{0}» means {1} at the start; {2}.', a.question, x.meaning, x.ranges);
  const cells = [];
  let group = null;
  for (const c of a.cells) {
    if (c.group && c.group !== group) {
      group = c.group;
      cells.push(el('div', {class: 'group'}, c.group + ':'));
    }
    cells.push(ribbonCell(c, a));
  }
  if (a.omitted) cells.push(el('div', {class: 'group'}, t('… and {0} more starts, not shown', a.omitted)));
  $('ribbon').replaceChildren(...cells);
  const name = a.names.length ? a.names.join(', ') : '';
  let text;
  if (a.number !== undefined && a.number !== null) text = a.aggregate + ' = ' + a.text;
  else if (!name) text = a.text;
  else text = a.values.length ? name + ' = ' + a.text : t('no value of {0} in the range', name);
  $('answer').textContent = (task ? t('{0} — answer: ', taskLabel(task)) : t('Answer: ')) + text;
  $('answer').dataset.answer = a.text;
  $('reason').textContent = (x.reasons || []).join('\n'); // one line a value
}

function ribbonCell(c, a) {
  const cls = ['cell', OCLASS[c.outcome]];
  if (c.holds === 'yes') cls.push('holds');
  if (c.holds === 'maybe') cls.push('maybe');
  if (c.answer) cls.push('answer');
  if (c.layer !== null && c.layer > 6) cls.push('far');
  const name = a.names.length ? a.names[a.names.length - 1] + ' = ' : '';
  const label = name + c.label + ': ' + (LANG === 'ru' ? spell(c.outcome, c.layer, PLAYER.get(0), PLAYER.get(1)) : c.outcome + (c.layer === null ? '' : ' ' + c.layer)) +
    (c.holds === 'yes' ? t(', the question holds') : c.holds === 'maybe' ? t(', undecided') : '') +
    (c.answer ? t(', part of the answer') : '') + '. ' + t('Show its tree.');
  return el('button', {type: 'button', class: cls.join(' '), 'aria-label': label, title: label,
    dataset: {label: c.label, key: c.params.join(','), outcome: c.outcome, holds: c.holds},
    onclick: () => { startTreeAt(c, false); }},
  el('span', {class: 'lab'}, c.label),
  el('span', {class: 'val'}, cellValue(c.outcome, c.layer) + (c.answer ? '★' : c.holds === 'yes' ? '✓' : '')));
}

// cellValue is a ribbon cell's value: in Russian in the exam's notation,
// Petya moving at the start (П2: Petya wins with his second move, В1:
// Vanya with his first, Н: a draw); in English the outcome and layer.
function cellValue(o, layer) {
  if (LANG !== 'ru') return value(o, layer);
  if (o === 'W') return 'П' + Math.ceil(layer / 2);
  if (o === 'L') return 'В' + layer / 2;
  return o === 'D' ? 'Н' : '?';
}

// ---- the tree

function startTreeAtAnswer() {
  const a = state.query && state.query.answer;
  if (!a || !a.cells.length) return;
  const c = a.cells.find((c) => c.answer) || a.cells[0];
  startTreeAt(c, true);
}

// startTreeAt starts the tree at a ribbon cell; auto: chosen by the page,
// not the user, so that the next question's answer may replace it.
function startTreeAt(c, auto) {
  state.treeAuto = !!auto;
  state.trail = [];
  $('tree-s').value = c.label === 'start' ? '' : c.label;
  markCurrent(c.params);
  showTree({start: c.params}, c.instance, false, {outcome: c.outcome, ply: 0});
}

// markCurrent outlines the ribbon cell of a start (all its parameters),
// or none.
function markCurrent(params) {
  const key = params ? params.join(',') : null;
  for (const b of document.querySelectorAll('#ribbon .cell')) b.classList.toggle('current', b.dataset.key === key);
}

function startTreeAtS() {
  const a = state.query && state.query.answer;
  const s = $('tree-s').value.trim();
  if (!a || !/^-?\d+$/.test(s)) return;
  const c = a.cells.find((c) => c.label === s);
  if (c) { startTreeAt(c, false); return; }
  const base = a.cells.length ? a.cells[0].params.slice(0, -1) : [];
  state.treeAuto = false;
  state.trail = [];
  markCurrent(null);
  showTree({start: base.concat([+s])}, 0, false, {ply: 0});
}

function clearTree(msg) {
  state.tree = null;
  $('tree-start').textContent = '—';
  $('tree-value').textContent = msg ? '(' + msg + ')' : '';
  $('tree').replaceChildren();
  $('tree-back').disabled = true;
}

let treeSeq = 0;

// showTree asks for the tree from a start ({start: tuple} or {position,
// last, mylast}) and draws it; remember keeps the current start for Back.
// at: {ply, outcome}: the moves made before the root (even: Petya to move)
// and the root's outcome when known.
async function showTree(req, instance, remember, at) {
  if (!state.game) return;
  const ply = at && at.ply ? at.ply : 0;
  const body = Object.assign({game: state.game.text, width: state.width, instance,
    depth: treePlies(at && at.outcome), allMoves: $('tree-all').checked, lang: LANG}, req);
  const seq = ++treeSeq;
  const sec = $('tree-section');
  sec.dataset.state = 'loading';
  // Nothing of the old start stays on show while the new one is on its way.
  $('tree-start').textContent = '…';
  $('tree-value').textContent = '';
  try {
    const r = await api('/api/tree', body);
    if (seq !== treeSeq) return;
    if (remember && state.tree) state.trail.push(state.tree);
    const root = r.tree.root;
    state.tree = {req, instance, root, ply};
    saveView();
    $('tree-back').disabled = state.trail.length === 0;
    $('tree-start').textContent = fmtPosWords(root);
    drawTree();
    sec.dataset.state = 'ready';
    if (!state.play || !state.play.started) resetPlay();
  } catch (e) {
    if (seq !== treeSeq) return;
    sec.dataset.state = 'error';
    $('tree-start').textContent = '—';
    $('tree').replaceChildren(el('p', {class: 'error'}, errorLead(e)));
  }
}

// drawTree draws state.tree as it is.
function drawTree() {
  const {root, ply} = state.tree;
  $('tree-start').textContent = fmtPosWords(root);
  // In Russian the value in words only: the engine's code is not the exam's.
  $('tree-value').textContent = (LANG === 'ru' ? '' : value(root.outcome, root.layer) + ' — ') + t('{0} to move', PLAYER.get(ply % 2)) + ': ' +
    spell(root.outcome, root.layer, PLAYER.get(ply % 2), PLAYER.get(1 - ply % 2));
  $('tree').replaceChildren(el('ul', {role: 'tree', 'aria-label': t('strategy tree')}, treeItem(root, 0)));
}

function treeDepth() { return Math.min(30, Math.max(1, +$('tree-depth').value || 3)); }

// treePlies is the depth the tree is asked for, in moves of both sides.
// With every move it is the depth; with the strategy only the depth counts
// the winner's moves: from a W the winner moves first (2d − 1 moves show
// d of his), from an L or a draw second (2d).
function treePlies(outcome) {
  const d = treeDepth();
  if ($('tree-all').checked) return d;
  return outcome === 'W' ? 2 * d - 1 : 2 * d;
}

function posRequest(n) {
  return {position: n.position.join(','), last: n.last || '', mylast: n.mylast || ''};
}

// WCLASS colours a tree node by its winner: Petya's wins as W on the
// ribbon, where Petya is to move, Vanya's as L.
const WCLASS = {0: 'o-W', 1: 'o-L', D: 'o-D', '?': 'o-U'};

// treeItem draws a node and its children; depth: moves below the tree's
// root, each made by the player whose name it carries. A node names who
// wins from its position (winner).
function treeItem(n, depth) {
  const isRoot = depth === 0;
  const ply = state.tree.ply + depth;
  const win = winner(n, ply % 2);
  const hasKids = n.children && n.children.length > 0;
  const canGrow = !n.end && (hasKids || n.cut && !n.repeat);
  const li = el('li', {role: 'treeitem', 'aria-expanded': canGrow ? String(hasKids) : undefined});
  const toggle = el('button', {type: 'button', class: 'toggle' + (canGrow ? '' : ' none'),
    'aria-label': hasKids ? t('collapse') : t('expand'), tabindex: canGrow ? undefined : '-1'}, hasKids ? '▾' : '▸');
  const what = (n.move ? saidMove(n) + ' → ' : '') + (isRoot ? fmtPosWords(n) : fmtPiles(n));
  const who = isRoot ? el('span', {class: 'who'}, t('{0} to move', PLAYER.get(ply % 2))) :
    el('span', {class: 'who', dataset: {player: String((ply - 1) % 2)}}, PLAYER.get((ply - 1) % 2) + ':');
  // The move and where it goes, then who wins from there: "each +4 → (21, 28): Vanya wins in 4 moves".
  const said = el('span', {}, el('span', {class: 'mv', dataset: {code: fmtPos(n)}}, what), ': ', el('span', {class: 'win', dataset: {winner: String(win.who)}}, win.text));
  const note = n.repeat ? ' ' + t('repeats') : n.cut && !hasKids ? ' …' : '';
  const best = n.best ? el('span', {class: 'best-mark', title: t('an optimal move')}, '★') : null;
  const label = (isRoot ? '' : PLAYER.get((ply - 1) % 2) + ': ') + what + ': ' + win.text + (n.best ? t(', optimal') : '') + note;
  const cls = 'node ' + WCLASS[win.who];
  let node;
  if (n.end || isRoot) {
    node = el('span', {class: cls + (n.end ? ' end' : ''), 'aria-label': label}, who, said, best, note);
  } else {
    node = el('button', {type: 'button', class: cls, 'aria-label': label + '. ' + t('Make it the start.'),
      title: t('Make this position the start'), dataset: {position: fmtPos(n)},
      onclick: () => { state.treeAuto = false; markCurrent(null); showTree(posRequest(n), state.tree.instance, true, {ply, outcome: n.outcome}); }},
    who, said, best, note);
  }
  const row = el('div', {class: 'node-row'}, toggle, node);
  li.append(row);
  let kids = null;
  if (hasKids) {
    kids = el('ul', {role: 'group'}, ...n.children.map((c) => treeItem(c, depth + 1)));
    li.append(kids);
  }
  const setOpen = async (open) => {
    if (!canGrow) return;
    if (open && !kids) {
      toggle.disabled = true;
      try {
        const r = await api('/api/tree', Object.assign({game: state.game.text, width: state.width,
          instance: state.tree.instance, depth: treePlies(n.outcome), allMoves: $('tree-all').checked}, posRequest(n)));
        n.children = r.tree.root.children || [];
        kids = el('ul', {role: 'group'}, ...n.children.map((c) => treeItem(c, depth + 1)));
        li.append(kids);
      } catch (e) {
        li.append(el('p', {class: 'error'}, errorLead(e)));
        return;
      } finally {
        toggle.disabled = false;
      }
    }
    if (kids) kids.hidden = !open;
    li.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? '▾' : '▸';
    toggle.setAttribute('aria-label', open ? t('collapse') : t('expand'));
  };
  toggle.addEventListener('click', () => setOpen(li.getAttribute('aria-expanded') !== 'true'));
  const keys = (ev) => {
    if (ev.key === 'ArrowRight') { setOpen(true); ev.preventDefault(); }
    if (ev.key === 'ArrowLeft') { setOpen(false); ev.preventDefault(); }
  };
  toggle.addEventListener('keydown', keys);
  node.addEventListener('keydown', keys);
  return li;
}

function treeBack() {
  const prev = state.trail.pop();
  if (!prev) return;
  state.tree = null;
  showTree(prev.req, prev.instance, false, {ply: prev.ply, outcome: prev.root.outcome}).then(() => { $('tree-back').disabled = state.trail.length === 0; });
}

// ---- play

function showTab(play) {
  $('tab-tree').setAttribute('aria-selected', String(!play));
  $('tab-play').setAttribute('aria-selected', String(play));
  $('tree-panel').hidden = play;
  $('play-panel').hidden = !play;
}

function stopPlay() {
  if (state.play) state.play.cancelled = true;
  state.play = null;
  resetPlay();
}

function resetPlay() {
  if (state.play && state.play.started) return;
  setPlayStatus('idle', state.tree ? t('Choose a side and start a game from {0}.', fmtPos(state.tree.root)) : t('Choose a side and start a game.'));
  $('play-position').textContent = '';
  $('play-moves').replaceChildren();
  $('play-log').replaceChildren();
  $('play-undo').disabled = true;
}

function setPlayStatus(st, text, winner) {
  const s = $('play-status');
  s.dataset.state = st;
  if (winner) s.dataset.winner = winner; else delete s.dataset.winner;
  s.textContent = text;
}

function userSide() { return +document.querySelector('input[name="side"]:checked').value; }

function playNew() {
  if (!state.tree) return;
  if (state.play) state.play.cancelled = true;
  const root = state.tree.root;
  state.play = {side: userSide(), instance: state.tree.instance, states: [], log: [], over: null,
    started: true, cancelled: false};
  playAt(state.play, posRequest(root), state.tree.ply);
}

// playAt looks the position up and lets the engine move when it is its turn.
async function playAt(p, req, ply) {
  p.busy = true;
  renderPlay(p);
  try {
    const r = await api('/api/position', Object.assign({game: state.game.text, width: state.width, instance: p.instance}, req));
    if (p.cancelled) return;
    p.states.push({req, pos: r.position, reply: r.reply, ply});
    if (r.position.final) {
      const mover = ply % 2;
      p.over = {winner: r.position.outcome === 'W' ? mover : 1 - mover, final: fmtPos(r.position)};
    }
  } catch (e) {
    p.busy = false;
    setPlayStatus('error', errorLead(e));
    return;
  }
  p.busy = false;
  renderPlay(p);
  const top = p.states[p.states.length - 1];
  if (!p.over && top.ply % 2 !== p.side) setTimeout(() => engineMove(p), 350);
}

function engineMove(p) {
  if (p.cancelled || p.over || p !== state.play) return;
  const top = p.states[p.states.length - 1];
  if (top.ply % 2 === p.side || top.reply < 0) return;
  applyMove(p, top.pos.moves[top.reply]);
}

function applyMove(p, mv) {
  const top = p.states[p.states.length - 1];
  const mover = top.ply % 2;
  p.log.push({mover, move: saidMove(mv), to: fmtPiles(mv)});
  if (mv.end) {
    p.over = {winner: mv.outcome === 'L' ? mover : 1 - mover, at: mv.text};
    renderPlay(p);
    return;
  }
  playAt(p, posRequest(mv), top.ply + 1);
}

function playUndo() {
  const p = state.play;
  if (!p || p.busy) return;
  if (p.over) {
    p.over = null;
    const top = p.states[p.states.length - 1];
    if (!top.pos.final) p.log.pop();
  } else if (p.states.length > 1) {
    p.states.pop();
    p.log.pop();
  }
  while (p.states.length > 1 && p.states[p.states.length - 1].ply % 2 !== p.side) {
    p.states.pop();
    p.log.pop();
  }
  renderPlay(p);
  const top = p.states[p.states.length - 1];
  if (top.ply % 2 !== p.side) setTimeout(() => engineMove(p), 350);
}

function renderPlay(p) {
  if (p !== state.play) return;
  const top = p.states[p.states.length - 1];
  $('play-log').replaceChildren(...p.log.map((l) => el('li', {}, PLAYER.get(l.mover) + ': ' + l.move + ' → ' + l.to)));
  const userMoved = p.states.some((s, k) => k < p.states.length - 1 && s.ply % 2 === p.side) ||
    (p.over && top && top.ply % 2 === p.side);
  $('play-undo').disabled = p.busy || !userMoved;
  $('play-moves').replaceChildren();
  if (!top) {
    setPlayStatus('engine-turn', t('Looking at the start…'));
    return;
  }
  const mover = top.ply % 2;
  const who = PLAYER.get(mover), other = PLAYER.get(1 - mover);
  if (p.over && p.over.at) {
    // The last move left the table: the game ended at the position it made.
    $('play-position').textContent = t('Position {0}: the game is over.', p.over.at);
  } else {
    $('play-position').textContent = t('Position {0}, {1} to move: ', top.pos.text, who) +
      value(top.pos.outcome, top.pos.layer) + ' — ' + spell(top.pos.outcome, top.pos.layer, who, other) + '.';
  }
  if (p.over) {
    const you = p.over.winner === p.side;
    const how = p.over.at ? t('{0} ends the game', p.over.at) : t('{0} is final', p.over.final);
    setPlayStatus('over', t('Game over: {0}. {1} wins — ', how, PLAYER.get(p.over.winner)) +
      (you ? t('you win!') : t('the engine wins.')), you ? 'you' : 'engine');
    return;
  }
  if (p.busy || mover !== p.side) {
    setPlayStatus('engine-turn', t('The engine ({0}) is thinking…', who));
    return;
  }
  setPlayStatus('your-turn', t('Your move, {0}.', who));
  const hints = $('play-hints').checked;
  top.pos.moves.forEach((mv) => {
    let hint = null;
    if (hints) {
      const h = mv.end ? (mv.outcome === 'L' ? t('ends the game: you win') : t('ends the game: you lose')) :
        t('{0} for {1}', value(mv.outcome, mv.layer), other) + (mv.outcome === 'L' ? t(': good for you') : mv.outcome === 'W' ? t(': good for {0}', other) : '');
      hint = el('small', {}, h + (mv.best ? ' ★' : ''));
    }
    $('play-moves').append(el('button', {type: 'button', class: 'move-btn',
      onclick: () => { if (!p.busy && !p.over) applyMove(p, mv); }},
    saidMove(mv) + ' → ', el('span', {class: 'to'}, fmtPiles(mv)), hint));
  });
}

// ---- the view in the address: a link to it

// b64 and unb64 write UTF-8 text as base64url and back.
function b64(text) {
  let bin = '';
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unb64(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

// viewHash is the fragment of the view: the page's language, the game (a
// preset by its id, any other by its text), the question and the tree's
// start.
function viewHash() {
  if (!state.game) return '';
  const h = new URLSearchParams();
  h.set('l', LANG);
  const preset = state.presets.find((p) => p.id === state.game.id);
  if (preset) h.set('p', preset.id); else h.set('g', b64(state.game.text));
  const key = currentTask();
  if (key) h.set('q', key);
  if (key === 'free') {
    h.set('fq', $('free-q').value);
    h.set('fa', $('free-agg').value);
    h.set('fk', $('free-k').value);
  }
  if (state.tree && state.tree.req.start) h.set('s', state.tree.req.start.join(','));
  if (typeof mapHash === 'function') mapHash(h); // map.js
  if (typeof practiceHash === 'function') practiceHash(h); // practice.js
  return h.toString();
}

function saveView() {
  if (state.restoring) return;
  const h = viewHash();
  if (h) history.replaceState(null, '', '#' + h);
}

// restoreView opens the view a fragment names; false when it names none.
async function restoreView(hash) {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  if (!h.has('p') && !h.has('g')) return false;
  state.restoring = true;
  try {
    const key = h.get('q');
    const radio = key && document.querySelector('input[name="task"][value="' + CSS.escape(key) + '"]');
    if (radio) radio.checked = true;
    if (key === 'free') {
      $('free-q').value = h.get('fq') || '';
      $('free-agg').value = h.get('fa') || 'min';
      $('free-k').value = h.get('fk') || '2';
    } else showTaskQuestion();
    if (typeof mapRestore === 'function') mapRestore(h); // map.js
    if (typeof practiceRestore === 'function') practiceRestore(h); // practice.js
    if (h.has('s')) {
      const s = h.get('s').split(',').map(Number);
      if (s.every(Number.isInteger)) state.pendingStart = s;
    }
    const preset = state.presets.find((p) => p.id === h.get('p'));
    if (preset) {
      await choosePreset(preset);
      return true;
    }
    let text;
    try { text = unb64(h.get('g') || ''); } catch (e) { return false; }
    $('source').value = text;
    const c = await runCheck(true);
    if (c && state.ownText) setGame({id: 'own', text: state.ownText});
    return true;
  } finally {
    state.restoring = false;
  }
}

async function copyText(text, done) {
  state.copied = text;
  try {
    await navigator.clipboard.writeText(text);
    $('copied').replaceChildren(done);
  } catch (e) {
    // No clipboard (a page from file://, or not allowed): the text to copy by hand.
    const area = el('textarea', {rows: Math.min(12, text.split('\n').length + 1), readonly: true, class: 'copy-box'});
    area.value = text;
    $('copied').replaceChildren(el('p', {}, t('Copy it from here:')), area);
    area.select();
  }
}

// ---- another variant like this

// anotherVariant asks the engine for a new variant like the game in the
// constructor (of its family: the same rules, other numbers), loads it
// into the constructor and asks about it. Again and again, the variants
// are all like the game the first click started from, until the game file
// is changed.
async function anotherVariant() {
  const box = $('variant');
  const text = $('source').value;
  if (text !== state.variantText) state.variantBase = text;
  box.dataset.state = 'making';
  box.replaceChildren(el('p', {}, t('Making another variant…')));
  try {
    const r = await api('/api/variant', {game: state.variantBase, seed: ++state.variantSeed, lang: LANG});
    state.variantText = r.game;
    $('source').value = r.game;
    showVariant(r);
    const c = await runCheck(true);
    if (c) setGame({id: 'own', text: r.game});
    box.dataset.state = 'ready';
  } catch (e) {
    box.replaceChildren(el('p', {class: 'bad'}, errorLead(e)));
    box.dataset.state = 'error';
  }
}

// showVariant shows a new variant's key, how many S qualify for each
// task, and its tasks in the exam's words.
function showVariant(r) {
  const v = r.variant, key = v.key;
  const said = v.text[LANG] || v.text.en;
  const none = (x) => (x === null || x === undefined ? t('none') : x);
  const parts = [el('p', {class: 'ok variant-key'}, t('Another variant like this: 19 — {0}, 20 — {1}, 21 — {2}; S that qualify: {3}, {4}, {5}.',
    none(key['19']), (key['20'] || []).join(' '), none(key['21']), v.qualify[v.task19 === 'guaranteed' ? '19g' : '19'], v.qualify['20'], v.qualify['21']))];
  if (v.task19 === 'possible' && !v.agree) {
    parts.push(el('p', {class: 'variant-key'}, t('Task 19 as the exam words it, in its possible reading; the guaranteed reading gives {0}.', none(v.answers['19g']))));
  }
  const details = el('details', {}, el('summary', {}, t('The tasks in the exam\'s words')));
  for (const p of said.game) details.append(el('p', {}, p));
  for (const k of ['19', '20', '21']) details.append(el('p', {class: 'task'}, el('strong', {}, t('Task {0}.', k)), ' ' + said.tasks[k]));
  parts.push(details);
  $('variant').replaceChildren(...parts);
}

// ---- copy as Python: the exam's two functions for the current game

// pythonExpr is an end condition of the constructor as Python, or null when
// it holds more than pile names, numbers and Python's own operators.
function pythonExpr(expr, piles) {
  const words = expr.match(/[A-Za-z_]\w*/g) || [];
  if (!words.every((w) => piles.includes(w) || ['and', 'or', 'not', 'min', 'max', 'abs'].includes(w))) return null;
  if (/[^\w\s+\-*/%<>=!(),]/.test(expr)) return null;
  return expr;
}

// pythonWinner is the winner rule of the constructor as a Python
// expression over the piles of a final position, true when the player who
// made the last move has won; null for a rule beyond "mover", "other" and
// "mover if CONDITION else other" (or the other way round) with the
// condition in pile names, numbers and operators.
function pythonWinner(f, piles) {
  if (f.winner === 'mover') return 'True';
  if (f.winner === 'other') return 'False';
  const m = /^\s*(mover|other)\s+if\s+(.+?)\s+else\s+(mover|other)\s*$/.exec(f.winnerExpr);
  if (f.winner !== 'custom' || !m || m[1] === m[3]) return null;
  const cond = pythonExpr(m[2], piles);
  if (!cond) return null;
  return m[1] === 'mover' ? '(' + cond + ')' : 'not (' + cond + ')';
}

// pythonProgram writes the game of the constructor's fields as the exam's
// solution by hand: moves, over and mover_won, then win and lose (cached,
// the commands the restriction reads among their arguments), and the
// answers of tasks 19–21 as retro ege --plain prints them: {prog}, or
// {why} when the game is not one these functions can say, why not: moves
// the fields cannot say, a restriction other than the two named ones, a
// winner rule or an end beyond pile names, numbers and operators, starts
// other than numbers and the parameter.
function pythonProgram(f) {
  const piles = f.piles;
  if (!['', 'no-repeat-opponent', 'no-repeat-own'].includes(f.allow)) {
    return {why: t('a move restriction other than no-repeat-opponent and no-repeat-own (allow)')};
  }
  const moverWon = pythonWinner(f, piles);
  if (!moverWon) return {why: t('a winner rule other than mover, other or «mover if CONDITION else other» on the piles')};
  const end = f.endKind === 'total' ? piles.join(' + ') + ' ' + f.endOp + ' ' + (+f.endN) : pythonExpr(f.endExpr, piles);
  if (!end) return {why: t('an end condition with more than the piles, numbers and operators')};
  const moves = [];
  for (const [k, m] of f.moves.entries()) {
    if (m.op === 'expr' || !/^\d+$/.test(String(m.k).trim())) return {why: t('a move given by an expression, not an operation and a number')};
    const cmd = JSON.stringify(m.cmd.trim() || 'm' + (k + 1)); // the command, as the game file names it
    for (const p of piles) {
      if (m.pile !== 'each' && m.pile !== p) continue;
      moves.push('((' + piles.map((q) => (q === p ? q + ' ' + m.op + ' ' + (+m.k) : q)).join(', ') + (piles.length === 1 ? ',)' : ')') + ', ' + cmd + ')');
    }
  }
  const param = f.param || 'S';
  const starts = f.start.map((v) => String(v).trim());
  if (!starts.every((v) => v === param || /^-?\d+$/.test(v)) || !starts.includes(param)) {
    return {why: t('a start other than numbers and the parameter {0}', param)};
  }
  const lo = +f.lo, open = String(f.hi === null ? '' : f.hi).trim() === '';
  const hi = open ? lo + 9999 : +f.hi;
  return {prog: pythonText(f, {piles, moves, end, moverWon, param, lo, hi, open, starts})};
}

// pythonText is the program pythonProgram writes, of the parts it has
// checked.
function pythonText(f, g) {
  const args = g.piles.join(', ');
  // The history a position carries: what the restriction reads.
  const hist = {'': [], 'no-repeat-opponent': ['last'], 'no-repeat-own': ['last', 'mylast']}[f.allow];
  const rule = {'': 'True', 'no-repeat-opponent': 'c != last', 'no-repeat-own': 'c != mylast'}[f.allow];
  const h = hist.map((x) => ', ' + x).join('');
  const next = {'': '', 'no-repeat-opponent': ', c', 'no-repeat-own': ', c, last'}[f.allow];
  const losing = f.count === 'lebedev' ? 1 : 0;
  const at = '(' + g.starts.map((v) => (v === g.param ? 's' : v)).join(', ') + (g.piles.length === 1 ? ',)' : ')');
  const none = hist.map(() => ', None').join('');
  return [
    '# ' + String(f.name || 'game').replace(/\n/g, ' '),
    '# The exam\'s solution by hand, written by the retro explorer: Petya moves',
    '# first, Vanya second. A position is p, the piles' + (hist.length ? ', with ' + hist.join(' and ') +
      ': the command' + (hist.length > 1 ? 's' : '') + ' the restriction (' + f.allow + ') reads' : '') + '.',
    'from functools import lru_cache',
    '',
    '',
    'def moves(p' + h + '):',
    '    """The moves the player to move may make: (the piles they leave, the command)."""',
    '    ' + args + (g.piles.length === 1 ? ', = p' : ' = p'),
    '    return [(q, c) for q, c in [' + g.moves.join(', ') + '] if min(q) >= 0 and ' + rule + ']',
    '',
    '',
    'def over(' + args + '):',
    '    """The end condition holds."""',
    '    return ' + g.end,
    '',
    '',
    'def mover_won(' + args + '):',
    '    """At the end: the player who made the last move has won."""',
    '    return ' + g.moverWon,
    '',
    '',
    'def final(p' + h + '):',
    '    """The game is over: the end condition holds, or the player to move has no move."""',
    '    return over(*p) or not moves(p' + h + ')',
    '',
    '',
    '# A move that ends the game with its maker\'s loss counts as ' +
      (f.count === 'lebedev' ? 'one more move of the other (count = "lebedev").' : 'no move of the other (the exam\'s count).'),
    'LOSING = ' + losing,
    '',
    '',
    '@lru_cache(None)',
    'def win(p' + h + ', n):',
    '    """The player to move wins with at most n of his moves, whatever the other does."""',
    '    return n > 0 and any(mover_won(*q) if final(q' + next + ') else lose(q' + next + ', n - 1) for q, c in moves(p' + h + '))',
    '',
    '',
    '@lru_cache(None)',
    'def lose(p' + h + ', n):',
    '    """Whatever the player to move does, the other wins with at most n of his moves."""',
    '    return all(not mover_won(*q) and n >= LOSING if final(q' + next + ') else win(q' + next + ', n) for q, c in moves(p' + h + '))',
    '',
    '',
    'def unlucky(p' + h + '):',
    '    """A move of the player to move, not ending the game, after which the other wins with his first move."""',
    '    return any(not final(q' + next + ') and win(q' + next + ', 1) for q, c in moves(p' + h + '))',
    '',
    '',
    '# ' + g.param + ' from ' + g.lo + ' to ' + g.hi + (g.open ? ' (the range is open: its first 10000 values)' : '') + '.',
    'at = lambda s: ' + at,
    'starts = [s for s in range(' + g.lo + ', ' + (g.hi + 1) + ') if not final(at(s)' + none + ')]',
    'show = lambda xs: " ".join(map(str, xs)) if xs else "none"',
    'print("19:", show([s for s in starts if unlucky(at(s)' + none + ')][:1]))',
    'print("19g:", show([s for s in starts if lose(at(s)' + none + ', 1) and not lose(at(s)' + none + ', 0)][:1]))',
    'print("20:", show([s for s in starts if win(at(s)' + none + ', 2) and not win(at(s)' + none + ', 1)][:2]))',
    'print("21:", show([s for s in starts if lose(at(s)' + none + ', 2) and not lose(at(s)' + none + ', 1)][:1]))',
    '',
  ].join('\n');
}

function copyPython() {
  const fits = state.game && state.formText === state.game.text;
  const py = fits ? pythonProgram(form) : {};
  if (!py.prog) {
    const why = fits ? t('This game cannot be written as Python: it has {0}.', py.why) :
      t('This game cannot be written as Python: its file says more than the constructor\'s fields do.');
    $('copied').replaceChildren(el('p', {class: 'error'}, why));
    return;
  }
  copyText(py.prog, t('Copied: the game as a Python program.'));
}

// ---- wiring

async function copySource() {
  const text = $('source').value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    $('source').select();
    document.execCommand('copy');
  }
  $('copy-source').textContent = t('Copied');
  setTimeout(() => { $('copy-source').textContent = t('Copy the file'); }, 1500);
}

function wire() {
  if (engine) $('progress-stop').addEventListener('click', () => engine.stop());
  $('form').addEventListener('input', (ev) => {
    if (ev.target.id === 'f-piles') return;
    formChanged();
  });
  $('form').addEventListener('change', (ev) => {
    if (ev.target.id === 'f-piles') changePiles(); else formChanged();
  });
  $('form').addEventListener('submit', (ev) => ev.preventDefault());
  $('f-add-move').addEventListener('click', () => {
    readForm();
    form.moves.push({op: '+', pile: 'each', k: 1, expr: '', cmd: ''});
    renderForm();
    formChanged();
    const rows = $('f-moves').querySelectorAll('.m-op');
    rows[rows.length - 1].focus();
  });
  $('source').addEventListener('input', () => {
    $('copied').replaceChildren(); // said of the game before the edit
    markEdited();
    scheduleCheck(true);
  });
  $('load-source').addEventListener('click', () => runCheck(true));
  $('copy-source').addEventListener('click', copySource);
  $('copy-python').addEventListener('click', copyPython);
  $('copy-link').addEventListener('click', () => { saveView(); copyText(location.href, t('Copied: a link to this view.')); });
  $('another-variant').addEventListener('click', anotherVariant);
  for (const b of document.querySelectorAll('#langs button')) b.addEventListener('click', () => chooseLang(b.dataset.lang));
  $('tree-all').addEventListener('change', depthLabel);
  $('own-game').addEventListener('click', () => {
    if (state.ownText) setGame({id: 'own', text: state.ownText});
  });
  $('free-ask').addEventListener('click', () => {
    document.querySelector('input[name="task"][value="free"]').checked = true;
    runQuery(false);
  });
  $('free-q').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') $('free-ask').click(); });
  $('tree-go').addEventListener('click', startTreeAtS);
  $('tree-s').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') startTreeAtS(); });
  $('tree-back').addEventListener('click', treeBack);
  const redraw = () => {
    if (state.tree) showTree(state.tree.req, state.tree.instance, false, {ply: state.tree.ply, outcome: state.tree.root.outcome});
  };
  $('tree-all').addEventListener('change', redraw);
  $('tree-depth').addEventListener('change', redraw);
  $('tab-tree').addEventListener('click', () => showTab(false));
  $('tab-play').addEventListener('click', () => showTab(true));
  for (const t of [$('tab-tree'), $('tab-play')]) {
    t.addEventListener('keydown', (ev) => {
      if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
        const play = t.id === 'tab-tree';
        showTab(play);
        $(play ? 'tab-play' : 'tab-tree').focus();
      }
    });
  }
  $('play-new').addEventListener('click', playNew);
  $('play-undo').addEventListener('click', playUndo);
  $('play-hints').addEventListener('change', () => { if (state.play) renderPlay(state.play); });
}

// depthLabel says what the depth counts.
function depthLabel() {
  $('tree-depth-label').textContent = $('tree-all').checked ? t('Depth') : t('Depth (the winner\'s moves)');
}

async function init() {
  applyWords();
  if (engine) $('footer').textContent = t('the static explorer — the engine runs in this browser; nothing is fetched from elsewhere.');
  wire();
  if (window.matchMedia('(max-width: 600px)').matches) $('constructor').open = false;
  renderForm();
  $('source').value = formToToml(form);
  try {
    [state.presets, state.tasks] = await Promise.all([api('/api/presets'), api('/api/tasks')]);
  } catch (e) {
    $('game-status').textContent = errorLead(e);
    return;
  }
  renderTasks();
  const own = $('own-game');
  own.dataset.id = 'own';
  for (const p of state.presets) {
    own.before(el('button', {type: 'button', class: 'game-button', 'aria-pressed': 'false', dataset: {id: p.id},
      onclick: () => choosePreset(p)}, presetTitle(p)));
  }
  $('game-status').textContent = t('Choose a game.');
  // Ready once the first game is in the constructor too: its check may
  // answer after its ribbon, and would overwrite what is typed meanwhile.
  if (!(await restoreView(location.hash)) && state.presets.length) await choosePreset(state.presets[0]);
  document.body.dataset.ready = 'true';
}

init();
