// Before first paint: language of <html> from the address, and the colour mode
// (localStorage "colour-mode": light | dark; none = follow the device). Keep in step with
// src/lib/colour-mode.ts and src/lib/locale.ts.
//
// Also before any module runs: zod (the SDK's schemas) probes once whether it may compile
// parsers with `new Function`. The CSP (script-src 'self') forbids eval, so the probe can only
// fail, and Chrome reports it as a CSP violation. zod reads its configuration from
// globalThis.__zod_globalConfig (shared by every copy of zod); `jitless` skips the probe and
// parses the way it must under this CSP anyway.
(function () {
  var zodConfig = window.__zod_globalConfig || (window.__zod_globalConfig = {});
  zodConfig.jitless = true;

  var root = document.documentElement;
  var path = location.pathname;
  if (path === '/es' || path.indexOf('/es/') === 0) root.lang = 'es-US';
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
})();
