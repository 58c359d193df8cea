/**
 * A coarse label of the device that signed in, from its User-Agent: the browser family and the
 * system ("Chrome · Windows", "Safari · iPhone"), for the customer's list of sessions. Only the
 * label is stored, never the header (no version numbers, no fingerprinting detail); '' when
 * neither is recognised. The separator reads the same in English and Spanish.
 */
const BROWSERS: readonly [RegExp, string][] = [
  // Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Only the start of a header is read: a label needs no more, and a huge header costs nothing. */
const READ_MAX = 512;

export function deviceLabel(userAgent: string | string[] | undefined): string {
  const text = (Array.isArray(userAgent) ? (userAgent[0] ?? '') : (userAgent ?? '')).slice(0, READ_MAX);
  if (!text) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  return [browser, system].filter(Boolean).join(' · ');
}
