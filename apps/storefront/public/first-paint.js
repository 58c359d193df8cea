// Runs before first paint and before any module (a classic, blocking script in <head>).
//
// 1. Language of <html> from the address, and the colour mode (localStorage "colour-mode":
//    light | dark; none = follow the device). Keep in step with src/lib/colour-mode.ts and
//    src/lib/locale.ts.
//
// 2. The page's own scripts: the build puts in index.html (#route-preloads, see
//    vite/route-preloads.ts) which scripts each route of the page table and each locale's
//    catalog need beyond the first load; those of this address are preloaded now, beside the
//    app's scripts, rather than requested once the app has started.
//
// 3. zod (the SDK's schemas) probes once whether it may compile parsers with `new Function`.
//    The CSP (script-src 'self') forbids eval, so the probe can only fail, and Chrome reports it
//    as a CSP violation. zod reads its configuration from globalThis.__zod_globalConfig (shared
//    by every copy of zod); `jitless` skips the probe and parses the way it must under this CSP.
//
// 4. A visitor's item page: its one answer (the product) is requested now, beside the scripts,
//    instead of once the app has rendered; the SDK client's fetch takes it (src/lib/early-answers.ts,
//    same address, language and no session, used once). As soon as the answer names the first
//    picture, that picture (the page's largest paint) is preloaded too.
(function () {
  var zodConfig = window.__zod_globalConfig || (window.__zod_globalConfig = {});
  zodConfig.jitless = true;

  var root = document.documentElement;
  var path = location.pathname;
  var spanish = path === '/es' || path.indexOf('/es/') === 0;
  if (spanish) root.lang = 'es-US';
  var mode = null;
  try {
    mode = localStorage.getItem('colour-mode');
  } catch {
    // Storage blocked (private mode): follow the device.
  }
  var dark =
    mode === 'dark' ||
    (mode !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';

  var block = document.getElementById('route-preloads');
  if (!block) return;
  var preloads;
  try {
    preloads = JSON.parse(block.textContent || '');
  } catch {
    return;
  }
  var segments = (spanish ? path.slice(3) : path).split('/').filter(Boolean);
  askEarly(segments, spanish ? 'es' : 'en');
  // The route whose pattern matches with the most literal segments (`order/delivery` before
  // `order/:id`, as the router ranks them).
  var best = null;
  var bestScore = -1;
  for (var i = 0; i < preloads.routes.length; i += 1) {
    var pattern = preloads.routes[i][0].split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    var score = 0;
    for (var j = 0; j < pattern.length && score >= 0; j += 1) {
      if (pattern[j].charAt(0) === ':') continue;
      score = pattern[j] === segments[j] ? score + 1 : -1;
    }
    if (score > bestScore) {
      best = preloads.routes[i][1];
      bestScore = score;
    }
  }
  var scripts = (preloads.locales[spanish ? 'es' : 'en'] || []).concat(best || []);
  for (var k = 0; k < scripts.length; k += 1) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = scripts[k];
    document.head.appendChild(link);
  }

  function askEarly(segments, lang) {
    if (segments.length !== 2 || segments[0] !== 'item' || !/^[1-9][0-9]{0,8}$/.test(segments[1])) return;
    var signedIn = true;
    var plan = null;
    try {
      signedIn = !!localStorage.getItem('session-tokens');
      // A guest's chosen plan marks the item as the app asks (src/lib/guest-plan.ts).
      plan = localStorage.getItem('guest-health-plan');
    } catch {
      // Storage blocked: leave it to the app.
    }
    if (signedIn || !window.fetch || !window.Promise) return;
    var url = '/api/catalog/products/' + segments[1] + (plan ? '?coveragePlan=' + encodeURIComponent(plan) : '');
    var answer = fetch(url, { headers: { Accept: 'application/json', 'Accept-Language': lang } });
    (window.__otcEarly = window.__otcEarly || {})[url] = { lang: lang, answer: answer };
    answer
      .then(function (res) {
        return res.ok ? res.clone().json() : null;
      })
      .then(function (body) {
        var images = body && body.product && body.product.images;
        var src = images && images[0];
        if (typeof src !== 'string' || src.charAt(0) !== '/' || src.charAt(1) === '/') return;
        var picture = document.createElement('link');
        picture.rel = 'preload';
        picture.as = 'image';
        picture.href = src;
        picture.setAttribute('fetchpriority', 'high');
        document.head.appendChild(picture);
      })
      .catch(function () {
        // The app asks again.
      });
  }
})();
