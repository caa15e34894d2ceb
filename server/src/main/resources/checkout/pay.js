// The hosted payment page follows its payment: it asks for the status every 3 s (at once when the
// customer comes back from the provider's app) and, once the payment is over, goes on to the merchant.
(function () {
  'use strict';
  var page = document.querySelector('main.follows[data-status-url]');
  if (!page) {
    return;
  }
  var statusUrl = page.getAttribute('data-status-url');
  var continueUrl = page.getAttribute('data-continue-url');
  var EVERY = 3000;
  var timer = null;
  var asking = false;

  function later(delay) {
    clearTimeout(timer);
    timer = setTimeout(ask, delay);
  }

  function ask() {
    // A hidden page waits: it asks again as soon as it is shown.
    if (asking || document.hidden) {
      return;
    }
    asking = true;
    fetch(statusUrl, { cache: 'no-store', credentials: 'omit', headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (response.status === 429) {
          var seconds = parseInt(response.headers.get('Retry-After'), 10);
          return { wait: (seconds > 0 ? seconds : 30) * 1000 };
        }
        return response.ok ? response.json() : { wait: EVERY * 2 };
      })
      .then(function (answer) {
        if (answer.status && answer.status !== 'PROCESSING') {
          window.location.assign(continueUrl);
          return;
        }
        later(answer.wait || EVERY);
      })
      .catch(function () {
        later(EVERY * 2);
      })
      .then(function () {
        asking = false;
      });
  }

  document.addEventListener('visibilitychange', function () {
    if (!document.hidden) {
      later(0);
    }
  });
  later(EVERY);
})();
