// Answers the page asked for before the app started: public/first-paint.js requests a visitor's
// item page answer beside the scripts (it needs no session and its address is in the URL), and
// the SDK client's fetch takes it here instead of asking again once React has rendered. Each
// early answer is used once, only by a call that would have sent the same request (same address,
// GET, same language, no session token); anything else goes to the network as usual.

/** What first-paint.js leaves on `window.__otcEarly`, keyed by path and query. */
export interface EarlyAnswer {
  lang: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __otcEarly?: Record<string, EarlyAnswer>;
  }
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/** `fetch` that first looks for an early answer of the same request. */
export function withEarlyAnswers(
  send: typeof globalThis.fetch,
  early: Record<string, EarlyAnswer> | undefined = typeof window === 'undefined' ? undefined : window.__otcEarly,
): typeof globalThis.fetch {
  return (input, init) => {
    if (!early || typeof input !== 'string' || (init?.method ?? 'GET') !== 'GET') return send(input, init);
    const url = new URL(input, location.href);
    const key = url.origin === location.origin ? `${url.pathname}${url.search}` : undefined;
    const found = key === undefined ? undefined : early[key];
    if (!found || headerOf(init, 'Authorization') !== null || headerOf(init, 'Accept-Language') !== found.lang) {
      return send(input, init);
    }
    delete early[key as string];
    // A request that failed early (offline for a moment) is simply made again.
    return found.answer.catch(() => send(input, init));
  };
}
