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
// replayed here.
(function () {
  var block = document.getElementById('app-scripts');
  if (!block) return;
  var scripts;
  try {
    scripts = JSON.parse(block.textContent || '');
  } catch {
    return;
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
