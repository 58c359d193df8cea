// The one place the storefront reads environment variables (Vite exposes VITE_* at build time).

function parseBaseUrl(value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string' || !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value)) {
    throw new Error(`VITE_API_BASE_URL must be an http(s) URL or a path, got "${String(value)}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseMinutes(value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`Expected minutes, got "${String(value)}"`);
  return minutes;
}

export const env = {
  /** Origin of the API; empty means same origin (`/api` is proxied in dev and preview). */
  apiBaseUrl: parseBaseUrl(import.meta.env.VITE_API_BASE_URL),
  /** How often the app looks for a new build. */
  versionPollMs: parseMinutes(import.meta.env.VITE_VERSION_POLL_MINUTES, 5) * 60_000,
  production: import.meta.env.PROD,
} as const;
