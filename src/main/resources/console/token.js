// Deskhand operator token, shared by the console and the replay page. The token lives in this
// tab's sessionStorage only (never a cookie) and goes only into an Authorization header.
'use strict';

const DeskhandToken = Object.freeze({
  KEY: 'deskhand.operatorToken',

  // #token=... in the address (a link from the banner or the docs) moves into sessionStorage. A
  // fragment never reaches the server; keep it out of the history and the address bar too.
  takeFromFragment() {
    const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
    if (match) {
      sessionStorage.setItem(this.KEY, decodeURIComponent(match[1]));
    }
    if (location.hash) {
      history.replaceState(null, '', location.pathname + location.search);
    }
  },
});
