/**
 * The `BotCheck` port: scores the `botToken` a form sends (1 human ... 0 bot). Off by default
 * (`BOT_CHECK` unset): no check runs. When on, the bundled implementation asks a siteverify
 * endpoint in the reCAPTCHA v3 / Cloudflare Turnstile shape (`BOT_CHECK_URL`, `BOT_CHECK_SECRET`):
 * a form POST of `secret`, `response` and `remoteip`, answered `{ success, score }`. A missing
 * token or an unsuccessful answer scores 0; a score under `BOT_CHECK_MIN_SCORE` is rejected with
 * 403 `low_rate`. An unreachable endpoint answers 503 (`unavailable`) rather than letting every
 * request through or blocking it as a bot.
 */
import { HttpError } from '../lib/errors.js';

export interface BotCheck {
  /** The score of a token, 0 (automated) to 1 (a person). */
  score(token: string | undefined, clientIp: string): Promise<number>;
}

export interface SiteVerifyOptions {
  url: string;
  secret: string;
  /** Milliseconds before the endpoint counts as unreachable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createSiteVerifyBotCheck(options: SiteVerifyOptions): BotCheck {
  const doFetch = options.fetch ?? fetch;
  return {
    async score(token, clientIp) {
      if (!token) return 0;
      let answer: unknown;
      try {
        const response = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: options.secret, response: token, remoteip: clientIp }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = await response.json();
      } catch {
        throw new HttpError('unavailable');
      }
      const { success, score } = (answer ?? {}) as { success?: unknown; score?: unknown };
      if (success !== true) return 0;
      // Turnstile answers no score: a successful check is a person.
      return typeof score === 'number' && Number.isFinite(score) ? score : 1;
    },
  };
}

/** Rejects a request whose token scores under `minScore` (no-op when no check is configured). */
export async function assertHuman(
  check: BotCheck | null,
  minScore: number,
  token: string | undefined,
  clientIp: string,
): Promise<void> {
  if (!check) return;
  const score = await check.score(token, clientIp);
  if (score < minScore) throw new HttpError('low_rate');
}
