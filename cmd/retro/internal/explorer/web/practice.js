// retro explorer: practice, the tasks asked before they are answered.
// While practising, the page hides what gives a task's answer away (the
// ribbon, the answer line, the reason, the tree and the play, the map,
// the key of "another variant like this") until the student's answer to
// that task is checked, or he asks to see it. A link of a practice view
// holds the game and the flag (pr=1), never a start of the tree: the page
// solves the game again and asks afresh.
'use strict';

const practice = {
  on: false,
  shown: new Set(), // the tasks of this game checked right, or shown
};

// practiceTasks are the tasks whose answers the key of a variant gives:
// it shows once each of them is checked.
const PRACTICE_KEY_TASKS = ['19', '20', '21'];

// practiceTask is the chosen task, or null for the free question (not
// practised: it is the student's own).
function practiceTask() {
  const key = currentTask();
  return key && key !== 'free' ? key : null;
}

// practiceMode is what the page shows: 'off' (everything), 'ask' (the
// chosen task unanswered: its answer hidden) or 'shown'.
function practiceMode() {
  if (!practice.on) return 'off';
  const key = practiceTask(), sec = $('ribbon-section');
  if (!key || sec.dataset.state === 'error' || practice.shown.has(key)) return 'shown';
  return 'ask';
}

// practiceUpdate shows and hides as the mode says, and asks for the
// chosen task's answer.
function practiceUpdate() {
  const mode = practiceMode();
  document.body.dataset.practice = mode;
  document.body.dataset.practiceKey = practice.on && !PRACTICE_KEY_TASKS.every((k) => practice.shown.has(k)) ? 'hidden' : 'shown';
  $('practice-toggle').setAttribute('aria-pressed', String(practice.on));
  const box = $('practice-box');
  box.hidden = !practice.on;
  if (!practice.on) return;
  const key = practiceTask();
  const task = key && state.tasks.find((k) => k.key === key);
  $('practice-answer').disabled = $('practice-check').disabled = $('practice-show').disabled = mode !== 'ask';
  if (!task) $('practice-task').textContent = t('Practice asks the tasks; your own question is answered as usual.');
  else $('practice-task').textContent = t('{0}: your answer is checked first; the ribbon, the answer, the reason and the tree show after.', taskLabel(task));
}

function practiceToggle() {
  practice.on = !practice.on;
  $('practice-verdict').textContent = '';
  practiceUpdate();
  saveView();
}

// practiceGameChanged starts the practice of a new game afresh (app.js's
// setGame).
function practiceGameChanged() {
  practice.shown.clear();
  $('practice-answer').value = '';
  $('practice-verdict').textContent = '';
  practiceUpdate();
}

// practiceHash marks a practice view in the link and leaves out the tree's
// start, which is the answer (app.js's viewHash).
function practiceHash(h) {
  if (!practice.on) return;
  h.set('pr', '1');
  h.delete('s');
}

// practiceRestore turns practice on for a link that asks for it, before
// its game is solved (app.js's restoreView).
function practiceRestore(h) {
  practice.on = h.get('pr') === '1';
  practiceUpdate();
}

// practiceRead reads a student's answer: a set of numbers, empty for
// "none" («нет»); null when it is neither.
function practiceRead(text) {
  const words = text.trim().toLowerCase().split(/[\s,;]+/).filter(Boolean);
  if (words.length === 1 && ['none', 'нет', t('none').toLowerCase()].includes(words[0])) return new Set();
  if (!words.length || !words.every((w) => /^-?\d+$/.test(w))) return null;
  return new Set(words.map(Number));
}

// practiceExpected is the answer of the chosen task as a set of numbers,
// or null while it is not solved yet.
function practiceExpected(key) {
  const sec = $('ribbon-section');
  if (!state.query || sec.dataset.state !== 'ready' || sec.dataset.task !== key) return null;
  return new Set(state.query.answer.values.flat());
}

// practiceAnswerText is the chosen task's answer in words: "28 48", or
// none in the page's language.
function practiceAnswerText() {
  const a = state.query.answer;
  return a.values.length ? a.text : t('none');
}

function practiceCheck() {
  const key = practiceTask();
  if (!key) return;
  const verdict = $('practice-verdict');
  const want = practiceExpected(key);
  if (!want) {
    verdict.textContent = t('Wait: the engine is still solving.');
    return;
  }
  const got = practiceRead($('practice-answer').value);
  verdict.dataset.verdict = got === null ? 'unread' : 'wrong';
  if (got === null) {
    verdict.textContent = t('Write the numbers, separated by spaces, or «none».');
    return;
  }
  if (got.size !== want.size || ![...got].every((x) => want.has(x))) {
    verdict.textContent = t('Not right: {0} is not the answer. Try again, or show the answer.', $('practice-answer').value.trim());
    return;
  }
  verdict.dataset.verdict = 'right';
  verdict.textContent = t('Right: {0}.', practiceAnswerText());
  practiceReveal(key);
}

function practiceShow() {
  const key = practiceTask();
  if (!key || !practiceExpected(key)) return;
  const verdict = $('practice-verdict');
  verdict.dataset.verdict = 'shown';
  verdict.textContent = t('The answer: {0}.', practiceAnswerText());
  practiceReveal(key);
}

function practiceReveal(key) {
  practice.shown.add(key);
  $('practice-answer').value = '';
  practiceUpdate();
}

function practiceWire() {
  $('practice-toggle').addEventListener('click', practiceToggle);
  $('practice-check').addEventListener('click', practiceCheck);
  $('practice-show').addEventListener('click', practiceShow);
  $('practice-answer').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') practiceCheck(); });
  // Another task chosen, or its answer come: the mode follows; a verdict
  // is of the task it was given for.
  $('tasks').addEventListener('change', () => { $('practice-verdict').textContent = ''; });
  new MutationObserver(practiceUpdate).observe($('ribbon-section'), {attributes: true, attributeFilter: ['data-state', 'data-task']});
  practiceUpdate();
}

practiceWire();
