// Deskhand replay: steps through a recorded session (GET /actuator/trajectories) over its
// screenshots. Plain JavaScript, no build step, no external URL; the operator token comes from the
// console in this tab (sessionStorage) or from #token=... in the address (moved into sessionStorage
// and out of the address bar at once, as the console does) and goes only into an Authorization
// header. Recorded text
// (arguments, approval summaries) is set with textContent only, never parsed as HTML.
'use strict';

(() => {
  const TOKEN_KEY = DeskhandToken.KEY;
  // /actuator/console/replay.html -> /actuator
  const BASE = location.pathname.replace(/\/console\/replay\.html$/, '');
  const PLAY_EVERY = 1200;
  // Sessions per page of the list: a long-running server keeps hundreds.
  const PAGE = 50;

  const $ = (id) => document.getElementById(id);
  let token = null;
  // Where the next page of the list starts (the endpoint's "next"); null on the last page.
  let next = null;
  let session = null;
  let index = 0;
  let timer = null;
  // Bumped by every show(): an image that arrives for a step no longer shown is dropped.
  let shown = 0;
  const images = new Map();

  function el(tag, options, children) {
    const node = document.createElement(tag);
    const o = options || {};
    if (o.className) node.className = o.className;
    if (o.text !== undefined && o.text !== null) node.textContent = String(o.text);
    (children || []).forEach((child) => node.appendChild(child));
    return node;
  }

  async function api(path, accept) {
    const response = await fetch(BASE + path, {
      headers: { Authorization: 'Bearer ' + token, Accept: accept || 'application/json' },
      cache: 'no-store', credentials: 'omit' });
    const node = $('connection');
    if (response.status === 401 || response.status === 403) {
      // Green only after an authorised answer: a refused token is said, with what to do.
      node.textContent = 'token refused (HTTP ' + response.status + ')';
      node.classList.remove('ok');
      sessionStorage.removeItem(TOKEN_KEY);
      $('replay').hidden = true;
      $('login-reason').textContent = 'The server refused this token (HTTP ' + response.status
        + '). Use the operator token, not an agent\'s.';
      $('login-reason').hidden = false;
      $('login').hidden = false;
      throw new Error('refused');
    }
    if (response.ok) {
      node.textContent = 'live';
      node.classList.add('ok');
    }
    else {
      node.textContent = 'HTTP ' + response.status;
      node.classList.remove('ok');
    }
    return response;
  }

  function kib(bytes) {
    return bytes >= 1048576 ? (bytes / 1048576).toFixed(1) + ' MiB' : Math.round(bytes / 1024) + ' KiB';
  }

  // The first page, or (more) the page after the last one shown.
  async function loadSessions(more) {
    const query = '?limit=' + PAGE + (more && next ? '&before=' + encodeURIComponent(next) : '');
    const list = await (await api('/trajectories' + query)).json();
    const body = $('sessions');
    if (!more) body.replaceChildren();
    next = list.next || null;
    $('no-sessions').hidden = list.sessions.length > 0 || body.childElementCount > 0;
    list.sessions.forEach((s) => {
      // A session that recorded a step since the first page moved to its top; shown once.
      if (body.querySelector('tr[data-id="' + s.id + '"]')) return;
      const row = el('tr', { }, [el('td', { text: s.last_step }), el('td', { text: s.principal }),
        el('td', { text: s.client }), el('td', { text: s.steps }), el('td', { text: kib(s.bytes) })]);
      row.dataset.id = s.id;
      row.addEventListener('click', () => open(s.id));
      body.appendChild(row);
    });
    $('more').hidden = !next;
    $('session-count').textContent = body.childElementCount + ' of ' + list.total;
  }

  async function open(id) {
    stop();
    session = await (await api('/trajectories/' + encodeURIComponent(id))).json();
    index = 0;
    document.querySelectorAll('#sessions tr').forEach((row) => row.classList.toggle('selected', row.dataset.id === id));
    $('session-name').textContent = (session.client || '') + ' · ' + (session.principal || '') + ' · ' + id;
    $('verification').textContent = '';
    $('player').hidden = false;
    show();
  }

  async function imageUrl(ref) {
    if (images.has(ref.file)) return images.get(ref.file);
    const name = ref.file.replace(/^images\//, '');
    const response = await api('/trajectories/' + encodeURIComponent(session.id) + '/' + encodeURIComponent(name), ref.mime);
    const url = URL.createObjectURL(await response.blob());
    images.set(ref.file, url);
    return url;
  }

  // Every [x, y] under a key ending in "coordinate", at any depth (a batch's actions too).
  function points(value, key, found) {
    if (Array.isArray(value)) {
      if (value.length === 2 && value.every((n) => typeof n === 'number') && /coordinate$/.test(key || '')) {
        found.push(value);
      }
      else value.forEach((item) => points(item, key, found));
    }
    else if (value && typeof value === 'object') {
      Object.entries(value).forEach(([k, v]) => points(v, k, found));
    }
    return found;
  }

  async function showImage(target, ref, targets, mine, coordinates) {
    const box = $(target);
    if (!ref) {
      box.replaceChildren(el('p', { className: 'empty', text: 'no image' }));
      return;
    }
    const url = await imageUrl(ref);
    if (mine !== shown) return;
    const img = el('img');
    img.alt = target + ' screenshot';
    img.src = url;
    box.replaceChildren(img);
    // The agent's coordinates are in the pixels of the image it saw (or cells of a 0-999 grid
    // over it, step.coordinates "grid-1000"); drawn in percent of it.
    const grid = /^grid-(\d+)$/.exec(coordinates || '');
    const extentX = grid ? Number(grid[1]) : ref.width;
    const extentY = grid ? Number(grid[1]) : ref.height;
    targets.forEach(([x, y]) => {
      const mark = el('div', { className: 'target' });
      mark.style.left = (100 * (x + (grid ? 0.5 : 0)) / extentX) + '%';
      mark.style.top = (100 * (y + (grid ? 0.5 : 0)) / extentY) + '%';
      box.appendChild(mark);
    });
  }

  function approvalCard(record) {
    const d = record.data || {};
    const decision = record.type.replace(/^approval-/, '');
    const card = el('div', { className: 'card answered ' + (decision === 'granted' ? 'approved' : decision === 'asked' ? '' : 'denied') }, [
      el('header', {}, [el('strong', { className: 'tool', text: d.tool || '' }), el('span', { text: decision })]),
      el('p', { text: d.summary || '' }),
      el('p', { className: 'card-status', text: [d.by && 'by ' + d.by, d.scope && 'for ' + d.scope,
        d.capabilities && [].concat(d.capabilities).join(', ')].filter(Boolean).join(' · ') })]);
    return card;
  }

  async function show() {
    const steps = session.steps;
    if (!steps.length) return;
    shown += 1;
    const mine = shown;
    const step = steps[index];
    $('position').textContent = 'step ' + (index + 1) + ' of ' + steps.length;
    $('step-tool').textContent = step.tool;
    $('step-time').textContent = step.time;
    $('step-outcome').textContent = step.outcome;
    $('step-outcome').className = 'outcome ' + (step.outcome === 'ok' ? 'ok' : 'bad');
    $('step-duration').textContent = step.duration_ms + ' ms';
    $('step-message').textContent = step.message || '';
    $('step-arguments').textContent = JSON.stringify(step.arguments, null, 2);
    const approvals = $('step-approvals');
    approvals.replaceChildren();
    const audit = $('step-audit');
    audit.replaceChildren();
    (step.audit || []).forEach((record) => {
      if (/^approval-/.test(record.type)) approvals.appendChild(approvalCard(record));
      audit.appendChild(el('li', { text: 'seq ' + record.seq + ' ' + record.type + ' ' + String(record.hash || '').slice(0, 12) }));
    });
    if (!approvals.childElementCount) approvals.appendChild(el('p', { className: 'empty', text: 'none asked' }));
    const sent = (step.sent && step.sent.length) ? step.sent[step.sent.length - 1] : null;
    const before = step.before || (step.desktop_changed ? null : sent);
    const targets = points(step.arguments, '', []);
    await showImage('before', before, targets, mine, step.coordinates);
    await showImage('after', step.after, [], mine);
  }

  function go(to) {
    if (!session) return;
    index = Math.max(0, Math.min(session.steps.length - 1, to));
    show();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    $('play').textContent = 'play';
  }

  function play() {
    if (timer) { stop(); return; }
    $('play').textContent = 'pause';
    if (index >= session.steps.length - 1) go(0);
    timer = setInterval(() => {
      if (index >= session.steps.length - 1) { stop(); return; }
      go(index + 1);
    }, PLAY_EVERY);
  }

  async function download() {
    const response = await api('/trajectories/' + encodeURIComponent(session.id) + '/download.zip', 'application/zip');
    const link = el('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = 'deskhand-' + session.id + '.zip';
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  async function verify() {
    const result = await (await api('/trajectories/' + encodeURIComponent(session.id) + '/verify')).json();
    $('verification').textContent = (result.valid ? 'verified: ' : 'NOT verified: ') + result.reason;
    $('verification').className = 'verification ' + (result.valid ? 'ok' : 'bad');
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('first').addEventListener('click', () => go(0));
    $('prev').addEventListener('click', () => go(index - 1));
    $('next').addEventListener('click', () => go(index + 1));
    $('play').addEventListener('click', play);
    $('download').addEventListener('click', download);
    $('verify').addEventListener('click', verify);
    $('more').addEventListener('click', () => loadSessions(true).catch(() => {}));
    DeskhandToken.takeFromFragment();
    token = sessionStorage.getItem(TOKEN_KEY);
    if (!token) {
      $('connection').textContent = 'no token';
      $('login').hidden = false;
      return;
    }
    $('replay').hidden = false;
    loadSessions(false).catch(() => {});
  });
})();
