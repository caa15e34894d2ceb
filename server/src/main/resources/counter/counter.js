// The counter's script. Every page works without it (a "Check" button reloads the page); it only
// spares the cashier taps: a waiting payment's page follows its status and shows the outcome by itself.
(function () {
  'use strict';

  // A payment waiting for its customer: its status every 2 s while the page is shown, then its page again.
  var waiting = document.querySelector('[data-status-url]');
  if (waiting) {
    var statusUrl = waiting.getAttribute('data-status-url');
    // The payment's own page, not a reload: the page may be the answer to a form sent.
    var pageUrl = waiting.getAttribute('data-page-url');
    var EVERY = 2000;
    var LAST = Date.now() + 30 * 60 * 1000;
    var timer = null;
    var asking = false;
    var later = function (delay) {
      clearTimeout(timer);
      if (Date.now() < LAST) {
        timer = setTimeout(ask, delay);
      }
    };
    var ask = function () {
      // A hidden page waits: it asks again as soon as it is shown.
      if (asking || document.hidden) {
        return;
      }
      asking = true;
      fetch(statusUrl, { cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json' } })
        .then(function (answer) { return answer.ok ? answer.json() : {}; })
        .then(function (answer) {
          if (answer.status && answer.status !== 'PROCESSING') {
            window.location.assign(pageUrl);
            return;
          }
          later(EVERY);
        })
        .catch(function () { later(EVERY * 2); })
        .then(function () { asking = false; });
    };
    document.addEventListener('visibilitychange', function () {
      if (!document.hidden) {
        later(0);
      }
    });
    later(EVERY);
  }

  // Printing needs the script: its button stays hidden without it.
  document.querySelectorAll('[data-print]').forEach(function (button) {
    button.hidden = false;
    button.addEventListener('click', function () { window.print(); });
  });
})();
