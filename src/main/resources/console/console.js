// Deskhand operator console. Plain JavaScript, no build step, no external URL.
//
// The page itself holds no data: everything comes from the operator endpoints next to it, called
// with the operator token in an Authorization header. The token is kept in sessionStorage (this
// tab only, gone when it closes) and never in a cookie, so no other site can make the browser use
// it. Text that an agent controls (an approval's summary holds typed text) is only ever set with
// textContent, never parsed as HTML.
'use strict';

(() => {
  const TOKEN_KEY = DeskhandToken.KEY;
  // The endpoints sit next to this page: /actuator/console -> /actuator (any base path).
  const BASE = location.pathname.replace(/\/console\/?$/, '');
  const APPROVALS_EVERY = 1000;
  const STATUS_EVERY = 2000;
  const AUDIT_EVERY = 3000;
  const SCREEN_EVERY = 1500;
  const PREVIEW_EVERY = 2000;
  const AUDIT_ROWS = 40;

  const $ = (id) => document.getElementById(id);
  let token = null;
  let running = false;
  // Bumped on every start, so loops of an earlier start (before a refused token) never run twice.
  let generation = 0;
  let displays = [];
  let pending = [];
  const cards = new Map();
  const tiles = new Map();
  let lastAuditKey = '';

  function el(tag, options, children) {
    const node = document.createElement(tag);
    const o = options || {};
    if (o.className) node.className = o.className;
    if (o.text !== undefined && o.text !== null) node.textContent = String(o.text);
    if (o.title) node.title = o.title;
    if (o.type) node.type = o.type;
    if (o.data) Object.entries(o.data).forEach(([k, v]) => { node.dataset[k] = v; });
    (children || []).forEach((child) => node.appendChild(child));
    return node;
  }

  // --- the token -------------------------------------------------------------------------------

  // refused: the HTTP status that refused the token, said on the badge too; absent when the
  // operator only asked to forget the token.
  function showLogin(message, refused) {
    running = false;
    token = null;
    sessionStorage.removeItem(TOKEN_KEY);
    connection(refused ? 'refused' : 'none', refused);
    $('console').hidden = true;
    $('login').hidden = false;
    $('login-error').hidden = !message;
    $('login-error').textContent = message || '';
    $('token').focus();
  }

  function start(candidate) {
    token = candidate;
    // Not green yet: the badge says "live" only once the server has accepted this token.
    connection('checking');
    $('login').hidden = true;
    $('console').hidden = false;
    running = true;
    generation += 1;
    every(APPROVALS_EVERY, refreshApprovals);
    every(STATUS_EVERY, refreshStatus);
    every(AUDIT_EVERY, refreshAudit);
    every(SCREEN_EVERY, refreshScreens);
  }

  // --- talking to the server -------------------------------------------------------------------

  class Refused extends Error {}

  // accept: what the endpoint produces; actuator answers 406 to a request for anything else.
  async function api(method, path, body, accept) {
    const sent = token;
    const headers = { Authorization: 'Bearer ' + sent, Accept: accept || 'application/json' };
    const init = { method, headers, cache: 'no-store', credentials: 'omit' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(BASE + path, init);
    }
    catch (error) {
      if (sent === token) connection('lost');
      throw error;
    }
    if (sent !== token) {
      // Sent with a token that was refused or forgotten meanwhile: its answer says nothing now.
      throw new Refused();
    }
    if (response.status === 401 || response.status === 403) {
      showLogin('The server refused this token (HTTP ' + response.status + '). Use the operator token: '
        + 'deskhand.security.operator-token, or the file ~/.deskhand/operator-token.', response.status);
      throw new Refused();
    }
    if (response.ok) connection('live');
    return response;
  }

  // The badge in the header: green ("live") only after an authorised request succeeded.
  const CONNECTION_WORDS = {
    none: 'not connected',
    checking: 'checking the token…',
    live: 'live',
    lost: 'connection lost',
  };

  function connection(state, status) {
    const node = $('connection');
    node.textContent = state === 'refused'
      ? 'token refused (HTTP ' + status + '): paste the operator token'
      : CONNECTION_WORDS[state];
    node.dataset.state = state;
    node.classList.toggle('ok', state === 'live');
  }

  // Runs task now and then again `ms` after each run ends, while the console is open.
  function every(ms, task) {
    const mine = generation;
    const live = () => running && mine === generation;
    const loop = async () => {
      if (!live()) return;
      try {
        await task();
      }
      catch (error) {
        if (error instanceof Refused) return;
      }
      if (live()) setTimeout(loop, ms);
    };
    loop();
  }

  // --- approvals -------------------------------------------------------------------------------

  async function refreshApprovals() {
    const response = await api('GET', '/approvals');
    if (!response.ok) return;
    pending = (await response.json()).pending || [];
    const ids = new Set(pending.map((p) => p.id));
    pending.forEach((p) => { if (!cards.has(p.id)) addCard(p); });
    cards.forEach((card, id) => {
      if (!ids.has(id) && !card.node.classList.contains('answered')) {
        settle(card, 'answered elsewhere, or expired', 'gone');
      }
    });
    $('pending-count').textContent = String(pending.length);
    $('no-approvals').hidden = pending.length > 0;
    markTargets();
  }

  function addCard(approval) {
    const status = el('p', { className: 'card-status' });
    const image = el('img', { className: 'crop' });
    image.alt = 'the screen where it will act';
    // Shown once a picture has loaded: an <img> without one paints a broken-image icon.
    image.hidden = true;
    const marker = el('div', { className: 'marker' });
    marker.hidden = true;
    const label = el('p', { className: 'preview-label', text: 'loading the screen…' });
    const preview = el('div', { className: 'preview' }, [el('div', { className: 'crop-frame' }, [image, marker]), label]);
    const buttons = el('div', { className: 'buttons' }, [
      button('Approve once', 'approve-once', () => decide(card, 'approve', 'once')),
      button('Approve for session', 'approve-session', () => decide(card, 'approve', 'session')),
      button('Deny', 'deny', () => decide(card, 'deny', 'once')),
    ]);
    const node = el('article', { className: 'card', data: { approval: approval.id } }, [
      el('header', {}, [
        el('strong', { className: 'tool', text: approval.tool }),
        ...approval.capabilities.map((c) => el('span', { className: 'chip', text: c })),
        el('time', { text: clock(approval.requested_at), title: approval.requested_at }),
      ]),
      el('p', { className: 'summary', text: approval.summary }),
      el('p', { className: 'who', text: approval.principal + ' · ' + (approval.client || 'unknown client') + ' · ' + approval.session }),
      el('p', { className: 'approvers', text: approvers(approval.approvers) }),
      preview,
      buttons,
      status,
    ]);
    const card = { id: approval.id, node, image, marker, label, status, url: null, timer: null };
    cards.set(approval.id, card);
    $('approvals').appendChild(node);
    loadPreview(card);
  }

  // Who else could answer: the agent's own client only for agents in
  // deskhand.approval.elicitation-agents; for everyone else this console (or the API) is the only way.
  function approvers(list) {
    return (list || []).includes('elicitation')
      ? 'Also asked in the agent\'s own client (elicitation); the first answer counts.'
      : 'Only an operator can answer this; unanswered, it is denied when the ask times out.';
  }

  function button(text, className, action) {
    const node = el('button', { text, className, type: 'button' });
    node.addEventListener('click', action);
    return node;
  }

  async function loadPreview(card) {
    if (card.node.classList.contains('answered') || !running) return;
    try {
      const response = await api('GET', '/approvals/' + encodeURIComponent(card.id));
      if (response.ok) {
        showPreview(card, (await response.json()).preview);
      }
    }
    catch (error) {
      if (error instanceof Refused) return;
    }
    // The crop is live: what is under the spot may change while the request waits.
    card.timer = setTimeout(() => loadPreview(card), PREVIEW_EVERY);
  }

  function showPreview(card, preview) {
    if (!preview) {
      card.label.textContent = 'This request does not act on the screen.';
      card.image.hidden = true;
      return;
    }
    if (preview.error) {
      card.label.textContent = 'No picture: ' + preview.error;
      return;
    }
    const bytes = Uint8Array.from(atob(preview.image), (c) => c.charCodeAt(0));
    swapImage(card, card.image, new Blob([bytes], { type: preview.mime_type }));
    card.label.textContent = preview.label + ' (display ' + preview.display_id + ')';
    if (preview.marker) {
      card.marker.style.left = (100 * (preview.marker[0] + 0.5) / preview.width) + '%';
      card.marker.style.top = (100 * (preview.marker[1] + 0.5) / preview.height) + '%';
      card.marker.hidden = false;
    }
    else {
      card.marker.hidden = true;
    }
  }

  // Shows a new image and frees the previous blob: URL once the new one is on screen. The image
  // (hidden until then) and its holder's placeholder swap places when the first one has loaded.
  function swapImage(holder, image, blob) {
    const previous = holder.url;
    holder.url = URL.createObjectURL(blob);
    image.onload = () => {
      image.hidden = false;
      if (holder.placeholder) holder.placeholder.hidden = true;
      if (previous) URL.revokeObjectURL(previous);
    };
    image.src = holder.url;
  }

  async function decide(card, decision, scope) {
    card.node.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    try {
      const response = await api('POST', '/approvals/' + encodeURIComponent(card.id), { decision, scope });
      if (response.ok) {
        const said = decision === 'deny' ? 'denied' : (scope === 'session' ? 'approved for the session' : 'approved once');
        settle(card, said, decision === 'deny' ? 'denied' : 'approved');
      }
      else if (response.status === 404) {
        settle(card, 'already answered elsewhere, or expired', 'gone');
      }
      else {
        card.status.textContent = 'The server answered HTTP ' + response.status + '; try again.';
        card.node.querySelectorAll('button').forEach((b) => { b.disabled = false; });
      }
    }
    catch (error) {
      if (error instanceof Refused) return;
      card.status.textContent = 'Not sent: the connection failed; try again.';
      card.node.querySelectorAll('button').forEach((b) => { b.disabled = false; });
    }
  }

  // An answered card says how it ended, then leaves.
  function settle(card, text, outcome) {
    card.node.classList.add('answered', outcome);
    card.node.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    card.status.textContent = text;
    clearTimeout(card.timer);
    setTimeout(() => {
      card.node.remove();
      if (card.url) URL.revokeObjectURL(card.url);
      cards.delete(card.id);
    }, 2500);
  }

  // --- status: lease, queue, failsafe, sessions, displays -------------------------------------

  async function refreshStatus() {
    const response = await api('GET', '/deskhand');
    if (!response.ok) return;
    const status = await response.json();
    $('lease-holder').textContent = status.lease_holder || 'free';
    $('queue-depth').textContent = status.queue.waiting + '/' + status.queue.capacity
      + (status.queue.stuck ? ' (stuck: ' + status.queue.stuck + ')' : '');
    $('driver').textContent = status.driver + ' ' + status.display;
    showWorkingMode(status.working_mode, status.agent_display);
    showFailsafe(status.failsafe);
    if (status.desk) showDesk(status.desk);
    showSessions(status.sessions || [], status.lease_holder);
    displays = status.displays || [];
    showDisplays();
  }

  // --- the working mode: shared, own-seat, or own-display (and how to watch the agent's display)

  const MODE_WORDS = {
    'shared': 'shared (the agent uses your pointer and focus)',
    'own-seat': 'own-seat (the agent has a pointer and focus of its own)',
    'own-display': 'own-display (the agent works on a display of its own)'
  };

  function showWorkingMode(mode, agent) {
    const element = $('working-mode');
    element.textContent = MODE_WORDS[mode] || mode || '-';
    if (agent) {
      element.textContent += ': ' + agent.name + ' (' + agent.server + ')';
      element.title = agent.watch;
    }
  }

  // --- the desk: who has it, take-over and hand-back, agents asking for the human -------------

  const DESK_WORDS = { agent: 'agent', human: 'the person at the desk', operator: 'operator', nobody: 'nobody' };

  function showDesk(desk) {
    const holder = $('desk-holder');
    let text = DESK_WORDS[desk.holder] || desk.holder;
    if (desk.holder === 'agent' && desk.who) text += ' ' + desk.who;
    if (desk.holder === 'operator' && desk.who) text += ' ' + desk.who;
    if (desk.holder === 'human' && desk.who) text += ' (' + desk.who + ')';
    if (desk.human_detection && desk.human_detection !== 'on') text += ' · human detection ' + desk.human_detection;
    holder.textContent = text;
    holder.dataset.holder = desk.holder;
    document.body.dataset.desk = desk.holder;
    const handedOver = desk.holder === 'operator' || (desk.requests || []).length > 0;
    $('desk-take').hidden = desk.holder === 'operator';
    $('desk-hand-back').hidden = !handedOver;
    showHumanRequests(desk.requests || []);
  }

  function showHumanRequests(requests) {
    const ids = new Set(requests.map((r) => r.id));
    const container = $('human-requests');
    container.querySelectorAll('[data-request]').forEach((node) => {
      if (!ids.has(node.dataset.request)) node.remove();
    });
    requests.forEach((r) => {
      if (container.querySelector('[data-request="' + r.id + '"]')) return;
      container.appendChild(el('article', { className: 'card human-request', data: { request: r.id } }, [
        el('header', {}, [
          el('strong', { className: 'tool', text: 'request_human' }),
          el('time', { text: clock(r.requested_at), title: r.requested_at }),
        ]),
        el('p', { className: 'summary', text: 'The agent asks for you: ' + r.reason }),
        el('p', { className: 'who', text: r.principal + ' · ' + r.session + ' · waits until ' + clock(r.until) }),
        el('div', { className: 'buttons' }, [
          button('Done, hand back', 'approve-once', () => desk({ action: 'done', request: r.id })),
          button('Decline', 'deny', () => desk({ action: 'decline', request: r.id })),
        ]),
      ]));
    });
  }

  async function desk(body) {
    try {
      const response = await api('POST', '/desk', body);
      if (response.ok) showDesk(await response.json());
    }
    catch (error) {
      if (!(error instanceof Refused)) connection('lost');
    }
  }

  function showFailsafe(failsafe) {
    document.body.classList.toggle('tripped', failsafe.tripped);
    $('failsafe-banner').hidden = !failsafe.tripped;
    if (failsafe.tripped) {
      $('failsafe-text').textContent = 'Failsafe tripped' + (failsafe.reason ? ' (' + failsafe.reason + ')' : '')
        + ': input is refused' + (failsafe.until ? ' until ' + clock(failsafe.until) : '') + '.';
    }
  }

  function showSessions(sessions, holder) {
    const rows = sessions.map((s) => {
      const revoke = button('Revoke', 'revoke', async () => {
        revoke.disabled = true;
        try {
          await api('DELETE', '/grants/' + encodeURIComponent(s.session));
        }
        finally {
          refreshStatus().catch(() => {});
        }
      });
      const grants = Object.keys(s.grants || {}).join(', ') || 'none';
      return el('tr', { className: s.session === holder ? 'holder' : '' }, [
        el('td', { text: s.session + (s.session === holder ? ' (holds the input)' : '') }),
        el('td', { text: s.principal }),
        el('td', { text: s.client || '' }),
        el('td', { text: grants }),
        el('td', { text: (s.apps || []).join(', ') || 'any' }),
        el('td', {}, [revoke]),
      ]);
    });
    if (!rows.length) {
      const none = el('td', { text: 'No agent sessions.' });
      none.colSpan = 6;
      rows.push(el('tr', {}, [none]));
    }
    $('sessions').replaceChildren(...rows);
  }

  function showDisplays() {
    const ids = new Set(displays.map((d) => d.id));
    displays.forEach((display) => {
      if (tiles.has(display.id)) return;
      const image = el('img', { className: 'screen' });
      image.alt = 'display ' + display.id;
      // No <img> on screen before the first picture (a broken-image icon); words instead.
      image.hidden = true;
      const placeholder = el('p', { className: 'screen-waiting', text: 'waiting for the first picture of this display…' });
      const frame = el('div', { className: 'screen-frame' }, [image, placeholder]);
      const caption = el('p', { className: 'caption', text: display.id + ' · ' + display.bounds[2] + '×' + display.bounds[3]
        + (display.primary ? ' · primary' : '') });
      const node = el('figure', { className: 'display', data: { display: display.id } }, [frame, caption]);
      tiles.set(display.id, { id: display.id, node, image, placeholder, frame, url: null, dots: [] });
      $('displays').appendChild(node);
    });
    tiles.forEach((tile, id) => {
      if (!ids.has(id)) {
        tile.node.remove();
        if (tile.url) URL.revokeObjectURL(tile.url);
        tiles.delete(id);
      }
    });
    markTargets();
  }

  // Every pending request's target as a dot on the live view of its display.
  function markTargets() {
    tiles.forEach((tile) => {
      tile.dots.forEach((dot) => dot.remove());
      tile.dots = [];
      const display = displays.find((d) => d.id === tile.id);
      if (!display) return;
      const [x, y, width, height] = display.bounds;
      pending.filter((p) => p.target && p.target.display_id === tile.id).forEach((p) => {
        const dot = el('div', { className: 'dot', title: p.id + ': ' + p.summary });
        dot.style.left = (100 * (p.target.point[0] - x + 0.5) / width) + '%';
        dot.style.top = (100 * (p.target.point[1] - y + 0.5) / height) + '%';
        tile.frame.appendChild(dot);
        tile.dots.push(dot);
      });
    });
  }

  async function refreshScreens() {
    // Only while someone looks: a hidden tab costs the desktop no captures.
    if (document.visibilityState !== 'visible') return;
    for (const tile of Array.from(tiles.values())) {
      const response = await api('GET', '/screen/' + encodeURIComponent(tile.id), undefined, 'image/jpeg');
      if (response.ok) {
        swapImage(tile, tile.image, await response.blob());
      }
      else if (tile.image.hidden) {
        tile.placeholder.textContent = 'no picture yet: the server answered HTTP ' + response.status
          + (response.status === 503 ? ' (the desktop cannot be reached)' : '');
      }
    }
  }

  // --- audit -----------------------------------------------------------------------------------

  async function refreshAudit() {
    const response = await api('GET', '/auditevents');
    if (!response.ok) return;
    const events = (await response.json()).events || [];
    const newest = events.length ? events[events.length - 1] : null;
    const key = events.length + '|' + (newest ? newest.timestamp + newest.type : '');
    if (key === lastAuditKey) return;
    lastAuditKey = key;
    const rows = events.slice(-AUDIT_ROWS).reverse().map((e) => el('tr', { className: 'event ' + e.type }, [
      el('td', { text: clock(e.timestamp), title: e.timestamp }),
      el('td', { text: e.type }),
      el('td', { text: e.principal }),
      el('td', { className: 'details', text: details(e.data || {}) }),
    ]));
    $('audit').replaceChildren(...rows);
  }

  function details(data) {
    const keys = ['tool', 'summary', 'outcome', 'by', 'scope', 'capabilities', 'reason', 'message', 'session'];
    const text = keys.filter((k) => data[k] !== undefined && data[k] !== null)
      .map((k) => k + '=' + (typeof data[k] === 'string' ? data[k] : JSON.stringify(data[k])))
      .join('  ');
    return text.length > 200 ? text.slice(0, 199) + '…' : text;
  }

  function clock(iso) {
    const date = new Date(iso);
    return isNaN(date) ? String(iso) : date.toLocaleTimeString();
  }

  // --- failsafe --------------------------------------------------------------------------------

  async function failsafe(action) {
    try {
      const response = await api('POST', '/failsafe', { action });
      if (response.ok) showFailsafe(await response.json());
    }
    catch (error) {
      if (!(error instanceof Refused)) connection('lost');
    }
  }

  // --- start -----------------------------------------------------------------------------------

  document.addEventListener('DOMContentLoaded', () => {
    $('failsafe-trip').addEventListener('click', () => failsafe('trip'));
    $('failsafe-reset').addEventListener('click', () => failsafe('reset'));
    $('desk-take').addEventListener('click', () => desk({ action: 'take' }));
    $('desk-hand-back').addEventListener('click', () => desk({ action: 'hand-back' }));
    $('logout').addEventListener('click', () => showLogin(''));
    $('login-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const candidate = $('token').value.trim();
      $('token').value = '';
      if (!candidate) return;
      sessionStorage.setItem(TOKEN_KEY, candidate);
      start(candidate);
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && running) refreshScreens().catch(() => {});
    });
    DeskhandToken.takeFromFragment();
    const saved = sessionStorage.getItem(TOKEN_KEY);
    if (saved) start(saved);
    else showLogin('');
  });
})();
