// Runs before first paint and before any module (a classic, blocking script in <head>; not inline,
// so the CSP can stay script-src 'self'). The page itself arrives drawn by the server.
//
// 1. The colour mode: localStorage "colour-mode" (light | dark; none = follow the device). Keep in
//    step with src/lib/colour-mode.ts.
//
// 2. zod (the SDK's schemas) probes once whether it may compile parsers with `new Function`. The
//    CSP (script-src 'self') forbids eval, so the probe can only fail, and Chrome reports it as a
//    CSP violation. zod reads its configuration from globalThis.__zod_globalConfig (shared by every
//    copy of zod); `jitless` skips the probe and parses the way it must under this CSP.
//
// 3. The time zone cookie (below).
(function () {
  var zodConfig = window.__zod_globalConfig || (window.__zod_globalConfig = {});
  zodConfig.jitless = true;

  var root = document.documentElement;
  // From here this script decides (below); without scripts the stylesheet follows the device.
  root.classList.remove('device-colours');
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

  // 3. The browser's time zone, for the server to draw this visitor's times in (src/lib/time-zone.ts).
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    var cookie = 'otc_tz=' + encodeURIComponent(zone);
    if (zone && (';' + document.cookie.replace(/ /g, '') + ';').indexOf(';' + cookie + ';') < 0) {
      document.cookie = cookie + '; path=/; max-age=31536000; samesite=lax' + (location.protocol === 'https:' ? '; secure' : '');
    }
  } catch {
    // No Intl zone: the shop's default.
  }
})();
