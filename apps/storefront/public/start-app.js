// Starts the app on a page whose content the server drew (src/server/document.ts writes the
// #app-scripts block and this classic, deferred script; not inline, so the CSP can stay
// script-src 'self').
//
// 1. The app's scripts (about 200 KB) load once the page is painted: on a slow connection they
//    would otherwise share it with the page's styles and pictures and hold back its first paint,
//    and the page is already whole (its links work without them).
//
// 2. Until the app has hydrated, a press on a button, a form's submission or a tap on a link that
//    does more than lead somewhere (`data-needs-app`: the language switch keeps the choice) does
//    nothing by itself: it is held here and done again once the app answers it (src/main.tsx
//    dispatches `app-ready`), in order, so a quick tap on "Add to cart" is never lost. A tick of
//    a check box or radio button and a choice made in a list show at once and are told to the app
//    again in their turn. Other links work natively meanwhile.
(function () {
  var block = document.getElementById('app-scripts');
  if (!block) return;
  var scripts;
  try {
    scripts = JSON.parse(block.textContent || '');
  } catch {
    return;
  }
  var root = document.documentElement;

  var HELD = 'button, input[type="submit"], input[type="button"], [role="button"], a[data-needs-app]';
  var TICKED = 'input[type="checkbox"], input[type="radio"]';
  // What the shopper did, in order: presses held back, choices in lists let through.
  var done = [];
  var ready = false;
  function hold(event) {
    if (ready) return;
    var target = event.target;
    // A check box or radio button ticks at once (the shopper sees it); the app is told later.
    if (event.type === 'click' && target && target.matches && target.matches(TICKED)) {
      done.push({ type: 'tick', control: target });
      return;
    }
    var control =
      event.type === 'submit'
        ? target
        : target && target.closest
          ? target.closest(HELD)
          : null;
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    done.push({ type: event.type, control: control, submitter: event.submitter || null });
    root.classList.add('app-starting');
  }
  // Before the ticks are done again: each box and its group as the app drew them (the app's state).
  function untick() {
    done.forEach(function (entry) {
      if (entry.type !== 'tick') return;
      var box = entry.control;
      var group = box.type === 'radio' && box.name ? document.getElementsByName(box.name) : [box];
      for (var i = 0; i < group.length; i += 1) {
        if (group[i].form === box.form) group[i].checked = group[i].defaultChecked;
      }
    });
  }
  function remember(event) {
    var list = event.target;
    if (ready || !list || list.tagName !== 'SELECT') return;
    // The choice itself: hydrating a list the app controls puts back the value it drew.
    done.push({ type: 'change', control: list, value: list.value });
  }
  // The same control drawn again by the app: by its id, or a link by its address and words. (Two
  // buttons alike, such as "Add to cart" on two cards, cannot be told apart: none is pressed.)
  function redrawn(control) {
    if (control.id) return document.getElementById(control.id);
    if (control.tagName !== 'A') return null;
    var links = document.getElementsByTagName('a');
    for (var i = 0; i < links.length; i += 1) {
      var link = links[i];
      if (link.getAttribute('href') === control.getAttribute('href') && link.textContent === control.textContent) return link;
    }
    return null;
  }
  // One at a time, each in a task of its own: the app draws what one did before the next (two
  // taps on "+" then "Add to cart" add three, as on a page already started; a button the app
  // disables while it works is not pressed twice). A link leads elsewhere: nothing after it.
  function replay() {
    var entry = done.shift();
    if (!entry) return;
    var control = entry.control.isConnected ? entry.control : redrawn(entry.control);
    // A control the app drew away is not pressed again.
    if (control) {
      var submitter = entry.submitter && entry.submitter.isConnected ? entry.submitter : null;
      if (entry.type === 'change') {
        control.value = entry.value;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      }
      else if (entry.type === 'click' || entry.type === 'tick') control.click();
      else if (submitter) control.requestSubmit(submitter);
      else control.requestSubmit();
      if (control.tagName === 'A') done = [];
    }
    setTimeout(replay, 0);
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('change', remember, true);
  document.addEventListener(
    'app-ready',
    function () {
      ready = true;
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('change', remember, true);
      root.classList.remove('app-starting');
      untick();
      replay();
    },
    { once: true },
  );

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
