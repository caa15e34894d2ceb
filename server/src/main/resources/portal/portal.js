// The portal's one script. Every page works without it; it only spares taps and reloads.

// A "Copy" button copies the text of the element it names, then says it did.
document.querySelectorAll('[data-copy]').forEach(button => button.addEventListener('click', () => {
  navigator.clipboard.writeText(document.getElementById(button.dataset.copy).textContent.trim())
    .then(() => { button.textContent = button.dataset.copied; });
}));

// A box whose outcome is still on its way (a test event just sent) names the address of its next
// state: it is fetched every second, and the box's live region reads out the change, until the box
// stops asking (or a minute has gone by, or as many seconds as its data-follow-tries says: the page's
// own link to refresh remains).
document.querySelectorAll('[data-follow]').forEach(box => {
  let tries = 0;
  const follow = () => fetch(box.dataset.follow, {credentials: 'same-origin'})
    .then(answer => answer.ok ? answer.text() : Promise.reject(answer.status))
    .then(html => {
      const next = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild;
      if (!next) return;
      box.innerHTML = next.innerHTML;
      if (next.dataset.follow && ++tries < Number(box.dataset.followTries || 60)) setTimeout(follow, 1000);
      else delete box.dataset.follow;
    })
    .catch(() => {});
  setTimeout(follow, 1000);
});
