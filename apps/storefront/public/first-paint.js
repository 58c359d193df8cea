// Before first paint: language of <html> from the address, and the colour mode
// (localStorage "colour-mode": light | dark; none = follow the device). Keep in step with
// src/lib/colour-mode.ts and src/lib/locale.ts.
(function () {
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
