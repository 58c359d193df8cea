export const COLOUR_MODES = ['system', 'light', 'dark'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];
export type ResolvedColourMode = Exclude<ColourMode, 'system'>;

/** localStorage key; index.html's inline script reads the same key before first paint. */
export const COLOUR_MODE_KEY = 'colour-mode';

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === 'string' && (COLOUR_MODES as readonly string[]).includes(value);
}

export function readColourMode(): ColourMode {
  try {
    const value = localStorage.getItem(COLOUR_MODE_KEY);
    return isColourMode(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

export function writeColourMode(mode: ColourMode): void {
  try {
    if (mode === 'system') localStorage.removeItem(COLOUR_MODE_KEY);
    else localStorage.setItem(COLOUR_MODE_KEY, mode);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The mode in force: a route's forced mode wins, then the preference, then the system's. */
export function resolveColourMode(preference: ColourMode, forced?: ResolvedColourMode): ResolvedColourMode {
  if (forced) return forced;
  if (preference === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return preference;
}

/** Sets or removes `.dark` on <html>. */
export function applyColourMode(mode: ResolvedColourMode, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
}
