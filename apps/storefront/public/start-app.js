// Starts the app on a page whose content the server drew (src/server/document.ts writes the
// #app-scripts block and this classic, deferred script; not inline, so the CSP can stay
// script-src 'self').
//
// The app's scripts (about 200 KB) load once the page is painted: on a slow connection they
// would otherwise share it with the page's styles and pictures and hold back its first paint,
// and the page is already whole (its links work without them).
//
// Until the app has hydrated, the page works as HTML does: its links lead, its forms post to the
// server, which does what the app would and draws the page again (issue 29). Nothing is held or
// replayed here; only a second press of a form already posted is dropped (below).
(function () {
  var block = document.getElementById('app-scripts');
  if (!block) return;
  var scripts;
  try {
    scripts = JSON.parse(block.textContent || '');
  } catch {
    return;
  }

  // Until the app has hydrated, a form posts as HTML does, and a phone shows nothing while the
  // answer comes: the pressed button says at once that it is busy (aria-busy, drawn by
  // src/index.css), and a second press of the same form before the next page is not a second post
  // (two taps, two units). The app's own forms prevent the browser's post: they are left alone.
  // The press is also said (issue 33, item 23): aria-busy alone is not announced. A region of its
  // own, outside the app's root (hydration never meets it), in place before its text changes:
  // screen readers skip a region inserted with its words already in it.
  function spokenRegion() {
    var region = document.querySelector('[data-posting-status]');
    if (region) return region;
    region = document.createElement('p');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.className = 'sr-only';
    region.setAttribute('data-posting-status', '');
    document.body.appendChild(region);
    return region;
  }
  function say(text) {
    var spanish = (document.documentElement.lang || '').slice(0, 2) === 'es';
    spokenRegion().textContent = text === 'sending' ? (spanish ? 'Enviando…' : 'Sending…') : '';
  }
  spokenRegion();

  function release(form, button) {
    say('');
    form.removeAttribute('data-posting');
    if (button) {
      button.removeAttribute('aria-busy');
      button.removeAttribute('aria-disabled');
    }
  }
  function postOnce(event) {
    var form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    if (form.method !== 'post' || (form.target && form.target !== '_self')) return;
    if (form.hasAttribute('data-posting')) {
      event.preventDefault();
      return;
    }
    form.setAttribute('data-posting', '');
    say('sending');
    var button = event.submitter;
    if (button) {
      button.setAttribute('aria-busy', 'true');
      button.setAttribute('aria-disabled', 'true');
    }
    // Should no page ever come (an answer that is not a page), the form can be sent again.
    setTimeout(function () {
      release(form, button);
    }, 20000);
  }
  // Once per window (the tests run this script again on the same window).
  if (!window.postOnceGuarded) {
    window.postOnceGuarded = true;
    addEventListener('submit', postOnce);
    // A page brought back by the Back button (the history cache) is as it was left: free again.
    addEventListener('pageshow', function (event) {
      if (!event.persisted) return;
      document.querySelectorAll('form[data-posting]').forEach(function (form) {
        release(form, form.querySelector('[aria-busy="true"]'));
      });
    });
  }

  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    scripts.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = scripts.entry;
    head.appendChild(entry);
  }
  function soon() {
    setTimeout(start, 0);
  }

  // A tab opened in the background paints only when shown: it starts once loaded instead.
  if (document.visibilityState === 'hidden') {
    if (document.readyState === 'complete') soon();
    else addEventListener('load', soon, { once: true });
    return;
  }
  var observes =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes &&
    PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  if (observes) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      soon();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // The frame after this one is painted with the page (this script runs after the styles).
    requestAnimationFrame(soon);
  }
  // Should no paint ever be reported, the app still starts.
  addEventListener('load', function () {
    setTimeout(start, 3000);
  });
})();
