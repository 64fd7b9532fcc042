// retro explorer: the map of a game (POST /api/map), a cell a position,
// drawn on a canvas with the palette of retro map's pictures, and the
// comparison of two games (the same request with "compare"): the cells
// that change, the counts of every change and the exam's tasks of both.
'use strict';

const mapState = {
  on: false,     // the map has been asked for: a new game draws its map
  resp: null,    // the last /api/map answer
  zoom: 0,       // the side of a cell in pixels; 0: to fit
  seq: 0,
  pending: null, // {x, y}: the axes a link asks for, once the game is set
};

// mapCell is the side of a cell: the zoom, or what makes the map about
// 720 pixels (at least 1, at most 28).
function mapCell(nx, ny) {
  if (mapState.zoom) return mapState.zoom;
  return Math.min(28, Math.max(1, Math.floor(720 / Math.max(nx, ny))));
}

function mapSize(r) {
  return {nx: r.x.hi - r.x.lo + 1, ny: r.y.name ? r.y.hi - r.y.lo + 1 : 1};
}

// mapAxis is the axis a select and its range ask for: NAME, NAME=LO..HI,
// or "" for the default.
function mapAxis(sel, lo, hi) {
  const name = $(sel).value;
  if (!name) return '';
  const a = $(lo).value.trim(), b = $(hi).value.trim();
  return a !== '' && b !== '' ? name + '=' + a + '..' + b : name;
}

// drawMap asks for the map of the game (axes: {x, y} as mapAxis writes
// them, or null for the default) and draws it.
async function drawMap(axes) {
  if (!state.game) return;
  mapState.on = true;
  const body = {game: state.game.text, width: state.width};
  if (axes) Object.assign(body, axes);
  const compare = $('compare-on').checked ? $('compare-source').value : '';
  if (compare.trim()) body.compare = compare;
  const seq = ++mapState.seq;
  const sec = $('map-section');
  sec.dataset.state = 'loading';
  $('map-status').textContent = t('Drawing the map…');
  try {
    const r = await api('/api/map', body);
    if (seq !== mapState.seq) return;
    if (r.changes) r.changed = Object.fromEntries(r.changes.map((c) => [c.change, c.positions]));
    // The colours come as base64 bytes: a byte a cell.
    r.colours = Uint8Array.from(atob(r.colours), (c) => c.charCodeAt(0));
    mapState.resp = r;
    mapAxesShown(r);
    renderMap();
    renderMapLegend(r);
    renderCompare(r);
    const {nx, ny} = mapSize(r);
    $('map-status').textContent = r.title + (r.note ? ' (' + r.note + ')' : '') + ': ' + t('{0} × {1} positions', nx, ny);
    sec.dataset.state = 'ready';
    saveView();
  } catch (e) {
    if (seq !== mapState.seq) return;
    mapState.resp = null;
    sec.dataset.state = 'error';
    $('map-status').textContent = errorLead(e);
    $('map-canvas').width = 0;
    $('map-canvas').height = 0;
    $('map-legend').replaceChildren();
    $('compare-result').replaceChildren();
  }
}

// mapAxesShown sets the axis selects and ranges to the map's.
function mapAxesShown(r) {
  const names = r.piles.concat(r.params || []);
  const fill = (sel, axis, none) => {
    const opts = none ? [option('', t('— (one row)'), !axis.name)] : [];
    for (const n of names) opts.push(option(n, n, n === axis.name));
    $(sel).replaceChildren(...opts);
  };
  fill('map-x', r.x, false);
  fill('map-y', r.y, true);
  $('map-x-lo').value = r.x.lo;
  $('map-x-hi').value = r.x.hi;
  $('map-y-lo').value = r.y.name ? r.y.lo : '';
  $('map-y-hi').value = r.y.name ? r.y.hi : '';
}

// renderMap draws the map's cells: the palette's colour, L cells hatched
// (as the SVG and HTML maps are), grid lines and codes where cells are
// large enough.
function renderMap() {
  const r = mapState.resp;
  if (!r) return;
  const {nx, ny} = mapSize(r);
  const s = mapCell(nx, ny);
  const cv = $('map-canvas');
  cv.width = nx * s;
  cv.height = ny * s;
  cv.dataset.cell = s;
  cv.dataset.nx = nx;
  cv.dataset.ny = ny;
  const ctx = cv.getContext('2d');
  const hatched = new Set(r.hatched), dark = new Set(r.dark);
  for (let i = 0; i < ny; i++) {
    for (let j = 0; j < nx; j++) {
      const k = r.colours[i * nx + j];
      ctx.fillStyle = r.palette[k];
      ctx.fillRect(j * s, i * s, s, s);
      if (s >= 6 && hatched.has(k)) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(j * s, i * s, s, s);
        ctx.clip();
        ctx.strokeStyle = 'rgba(0,0,0,0.45)';
        ctx.lineWidth = 1.2;
        ctx.beginPath();
        for (let d = -s; d < s; d += 5) {
          ctx.moveTo(j * s + d, i * s + s);
          ctx.lineTo(j * s + d + s, i * s);
        }
        ctx.stroke();
        ctx.restore();
      }
      if (s >= 24 && r.codes[i * nx + j]) {
        ctx.fillStyle = dark.has(k) ? '#ffffff' : '#202020';
        ctx.font = '10px sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(r.codes[i * nx + j].replace('→', '›'), j * s + s / 2, i * s + s / 2 + 4);
      }
    }
  }
  if (s >= 8) {
    ctx.strokeStyle = r.palette[r.rule];
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let j = 0; j <= nx; j++) { ctx.moveTo(j * s + 0.5, 0); ctx.lineTo(j * s + 0.5, ny * s); }
    for (let i = 0; i <= ny; i++) { ctx.moveTo(0, i * s + 0.5); ctx.lineTo(nx * s, i * s + 0.5); }
    ctx.stroke();
  }
}

// mapAt is the cell under a mouse event: {x, y, k} (its values on the
// axes and its index), or null.
function mapAt(ev) {
  const r = mapState.resp;
  if (!r) return null;
  const cv = $('map-canvas'), s = +cv.dataset.cell;
  const {nx, ny} = mapSize(r);
  const rect = cv.getBoundingClientRect();
  const j = Math.floor((ev.clientX - rect.left) / s), i = Math.floor((ev.clientY - rect.top) / s);
  if (j < 0 || i < 0 || j >= nx || i >= ny) return null;
  return {x: r.x.lo + j, y: r.y.lo + i, k: i * nx + j};
}

// mapPosition is the position of a cell: the piles (those off the axes as
// the slice has them), or null where an axis is a rule parameter.
function mapPosition(r, c) {
  if (r.x.pile < 0 || (r.y.name && r.y.pile < 0)) return null;
  const piles = r.at.slice();
  piles[r.x.pile] = c.x;
  if (r.y.name) piles[r.y.pile] = c.y;
  return piles;
}

// mapCellText says what a cell is: its position, and who wins from there
// and in how many moves, in the page's language; in a comparison, in each
// game.
function mapCellText(r, c) {
  let where = r.x.name + ' = ' + c.x + (r.y.name ? ', ' + r.y.name + ' = ' + c.y : '');
  if (r.note) where += ' (' + r.note + ')';
  const k = r.colours[c.k], code = r.codes[c.k];
  const say = (code) => {
    const m = /^([WLD?])(\d*)$/.exec(code);
    if (!m) return code ? code : t('no value');
    return cellValue(m[1], m[2] === '' ? null : +m[2]) + ' — ' + spell(m[1], m[2] === '' ? 0 : +m[2], PLAYER.get(0), PLAYER.get(1));
  };
  if (code.includes('→')) {
    const [a, b] = code.split('→');
    return where + ': A ' + say(a) + '; B ' + say(b);
  }
  if (k === r.blank) return where + ': ' + t('the game never reaches this position');
  if (k === r.final) return where + ': ' + t('the game is over here');
  return where + ': ' + say(code);
}

function renderMapLegend(r) {
  const items = r.legend.map((e) => {
    const sw = el('span', {class: 'swatch' + (r.hatched.includes(e.colour) ? ' hatched' : '')});
    sw.style.backgroundColor = r.palette[e.colour]; // through the CSSOM: the page's policy forbids style attributes
    return el('span', {class: 'key'}, sw, LANG === 'ru' ? e.ru : e.en);
  });
  $('map-legend').replaceChildren(...items);
}

// renderCompare shows the counts of a comparison over both games and the
// exam's tasks of each, side by side.
function renderCompare(r) {
  const box = $('compare-result');
  if (!r.changes) { box.replaceChildren(); return; }
  const rows = r.changes.map((c) => el('tr', {dataset: {change: c.change}}, el('th', {scope: 'row'}, t(c.change)), el('td', {}, String(c.positions))));
  const parts = [el('table', {class: 'changes', 'aria-label': t('positions by change')},
    el('thead', {}, el('tr', {}, el('th', {}, t('change')), el('th', {}, t('positions')))), el('tbody', {}, ...rows))];
  if (r.tasks && r.tasks.length) {
    const trs = r.tasks.map((x) => el('tr', {dataset: {key: x.key}}, el('th', {scope: 'row'}, x.title[LANG] || x.title.en),
      el('td', {class: 'a'}, x.a[LANG] || x.a.en), el('td', {class: 'b'}, x.b[LANG] || x.b.en)));
    parts.push(el('table', {class: 'tasks-side', 'aria-label': t('the tasks of both games')},
      el('thead', {}, el('tr', {}, el('th', {}, t('task')), el('th', {}, 'A'), el('th', {}, 'B'))), el('tbody', {}, ...trs)));
  }
  box.replaceChildren(...parts);
}

// mapGameChanged draws the map of a new game, once the map is on.
function mapGameChanged() {
  if (mapState.pending) {
    const axes = mapState.pending;
    mapState.pending = null;
    drawMap(axes);
  } else if (mapState.on) drawMap(null);
}

// mapHash adds the map's part of the view's link: m (the axes) and c (the
// game compared with).
function mapHash(h) {
  if (!mapState.on) return;
  h.set('m', mapAxis('map-x', 'map-x-lo', 'map-x-hi') + '|' + mapAxis('map-y', 'map-y-lo', 'map-y-hi'));
  if ($('compare-on').checked && $('compare-source').value.trim()) h.set('c', b64($('compare-source').value));
}

// mapRestore reads the map's part of a link, before its game is set.
function mapRestore(h) {
  if (h.has('c')) {
    try {
      $('compare-source').value = unb64(h.get('c'));
      $('compare-on').checked = true;
      $('compare-source').hidden = false;
    } catch (e) { /* a broken link: no comparison */ }
  }
  if (h.has('m')) {
    const [x, y] = h.get('m').split('|');
    mapState.pending = {x: x || '', y: y || ''};
  }
}

function wireMap() {
  const axes = () => ({x: mapAxis('map-x', 'map-x-lo', 'map-x-hi'), y: mapAxis('map-y', 'map-y-lo', 'map-y-hi')});
  $('map-draw').addEventListener('click', () => drawMap(mapState.resp ? axes() : null));
  for (const id of ['map-x', 'map-y']) {
    $(id).addEventListener('change', () => {
      // Another axis: its own range.
      $(id + '-lo').value = '';
      $(id + '-hi').value = '';
      drawMap(axes());
    });
  }
  const zoom = (f) => {
    const r = mapState.resp;
    if (!r) return;
    const {nx, ny} = mapSize(r);
    mapState.zoom = Math.min(48, Math.max(1, Math.round(mapCell(nx, ny) * f)));
    renderMap();
  };
  $('map-zoom-in').addEventListener('click', () => zoom(2));
  $('map-zoom-out').addEventListener('click', () => zoom(0.5));
  const cv = $('map-canvas');
  cv.addEventListener('mousemove', (ev) => {
    const c = mapAt(ev);
    $('map-hover').textContent = c ? mapCellText(mapState.resp, c) : '\u00a0';
  });
  cv.addEventListener('click', (ev) => {
    const r = mapState.resp, c = mapAt(ev);
    if (!r || !c) return;
    const piles = mapPosition(r, c);
    if (!piles || r.colours[c.k] === r.blank || r.colours[c.k] === r.final) return;
    state.trail = [];
    showTree({position: piles.join(','), last: r.last || '', mylast: r.mylast || ''}, r.instance, false, {ply: 0});
    $('tree-section').scrollIntoView({block: 'start'});
  });
  $('compare-on').addEventListener('change', () => {
    $('compare-source').hidden = !$('compare-on').checked;
    if ($('compare-on').checked && !$('compare-source').value.trim()) comparePreset();
    drawMap(mapState.resp ? axes() : null);
  });
  $('compare-preset').addEventListener('click', () => {
    comparePreset();
    $('compare-on').checked = true;
    $('compare-source').hidden = false;
    drawMap(mapState.resp ? axes() : null);
  });
}

// comparePreset puts in B the game the constructor started from: the
// preset last chosen.
function comparePreset() {
  const p = state.basePreset || state.presets[0];
  if (p) $('compare-source').value = p.source;
}

wireMap();
