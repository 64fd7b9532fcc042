package explorer

import (
	"strings"

	"github.com/chromedp/chromedp"

	"retro/rules"
)

// mapCheck checks the map on the page: each cell's pixel (by its corner) is
// the palette's colour of the cell, and the cells sampled across the map
// are the engine's values of their positions (POST /api/position). It
// returns the cells checked against the engine.
const mapCheck = `(async () => {
  const r = mapState.resp, cv = document.getElementById('map-canvas'), s = +cv.dataset.cell;
  const {nx, ny} = mapSize(r);
  const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
  const hex = (i) => '#' + [0, 1, 2].map((k) => px[i + k].toString(16).padStart(2, '0')).join('');
  for (let i = 0; i < ny; i++) for (let j = 0; j < nx; j++) {
    const o = s >= 3 ? 1 : 0; // inside the grid lines, off the hatching
    const at = ((i * s + o) * cv.width + j * s + o) * 4;
    if (hex(at) !== r.palette[r.colours[i * nx + j]]) return 'cell ' + j + ',' + i + ' drawn ' + hex(at) + ', palette ' + r.palette[r.colours[i * nx + j]];
  }
  let checked = 0;
  for (let k = 0; k < nx * ny; k += 7) {
    if (!r.codes[k] || r.codes[k].includes('→')) continue;
    const piles = mapPosition(r, {x: r.x.lo + k % nx, y: r.y.lo + Math.floor(k / nx), k});
    const p = (await api('/api/position', {game: state.game.text, width: state.width, instance: r.instance,
      position: piles.join(','), last: r.last, mylast: r.mylast})).position;
    const code = p.outcome + (p.layer === null ? '' : p.layer);
    if (code !== r.codes[k]) return 'position ' + piles + ': the map says ' + r.codes[k] + ', the engine ' + code;
    checked++;
  }
  return 'ok ' + checked;
})()`

// mapScenario opens the map of the exam demo, checks its cells against
// the engine, reads a cell by hovering it, opens its tree by a click,
// then compares the demo with a variant ending a stone later and follows
// the link of that view.
func mapScenario(b *browser) {
	t := b.t
	b.carryOn()
	b.click(`button[data-id="ege-2027-demo"]`)
	b.wait("the demo's ribbon", `document.getElementById('ribbon-section').dataset.state === 'ready' && state.game.id === 'ege-2027-demo'`)
	b.click(`#map-draw`)
	b.wait("the map", `document.getElementById('map-section').dataset.state === 'ready'`)
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](mapCheck, chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(got, "ok ") || got == "ok 0" {
		t.Fatalf("the map against the engine: %q %v", got, err)
	}
	if got := eval[string](b, `[mapState.resp.x.name, mapState.resp.x.lo, mapState.resp.y.name].join(' ')`); got != "a 17 b" {
		t.Errorf("the map's axes %q, want a from 17 across and b down", got)
	}
	// Hover the cell of (17, 29), then click it.
	hover := `(() => { const r = mapState.resp, cv = document.getElementById('map-canvas'), s = +cv.dataset.cell;
	  const rect = cv.getBoundingClientRect();
	  const at = {clientX: rect.left + (17 - r.x.lo) * s + s / 2, clientY: rect.top + (29 - r.y.lo) * s + s / 2, bubbles: true};
	  cv.dispatchEvent(new MouseEvent('mousemove', at));
	  const text = document.getElementById('map-hover').textContent;
	  cv.dispatchEvent(new MouseEvent('click', at));
	  return text; })()`
	text := eval[string](b, hover)
	// Petya's name in the case the sentence needs: «у Пети».
	if !strings.Contains(text, "a = 17, b = 29") || !strings.Contains(text, strings.TrimSuffix(b.word("Petya"), "я")) {
		t.Errorf("hovering (17, 29) says %q", text)
	}
	b.wait("the tree of (17, 29)", `document.getElementById('tree-start').textContent === '(17, 29)'`)
	b.shot("map")
	// Compare with the demo ending at 134.
	demo, _ := rules.Builtin("ege-2027-demo")
	variant := strings.Replace(string(demo), "a + b >= 133", "a + b >= 134", 1)
	b.click(`#compare-on`)
	b.wait("the comparison with itself", `document.getElementById('map-section').dataset.state === 'ready' && document.querySelector('#compare-result table.changes')`)
	if got := eval[string](b, `String(mapState.resp.changed['same'] > 0 && mapState.resp.changed['W→L'] === 0)`); got != "true" {
		t.Errorf("the demo against the preset it started from differs: %s", eval[string](b, `JSON.stringify(mapState.resp.changed)`))
	}
	b.set(`#compare-source`, variant)
	b.click(`#map-draw`)
	b.wait("the comparison", `document.getElementById('map-section').dataset.state === 'ready' && mapState.resp.changed['W→L'] > 0`)
	if got := eval[int](b, `document.querySelectorAll('#compare-result table.tasks-side tbody tr').length`); got != 4 {
		t.Errorf("%d tasks side by side, want 4", got)
	}
	if got := eval[string](b, `document.querySelector('#compare-result tr[data-key="21"] td.a').textContent`); got != "44" {
		t.Errorf("task 21 of the demo %q, want 44", got)
	}
	changed := eval[int](b, `mapState.resp.codes.filter((c) => c.includes('→')).length`)
	if changed == 0 {
		t.Errorf("no cell of the map of differences changed")
	}
	b.shot("compare")
	link := eval[string](b, `location.href`)
	if !strings.Contains(link, "m=") || !strings.Contains(link, "c=") {
		t.Fatalf("the link %q keeps no map", link)
	}
	b.do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	b.waitReload("the page", `document.body.dataset.ready === 'true'`)
	b.wait("the comparison again", `document.getElementById('map-section').dataset.state === 'ready' && mapState.resp && mapState.resp.changes`)
	if got := eval[int](b, `mapState.resp.codes.filter((c) => c.includes('→')).length`); got != changed {
		t.Errorf("the link's map has %d changed cells, the page had %d", got, changed)
	}
	b.shot("compare-link")
	b.checkErrors()
}
