import type { Locale } from '../constants/index.js';
import { safeContinuePath } from './safe-continue-path.js';

/**
 * The forced profile-completion address: `/account/complete?fields=firstName,birthdate&continue=/es/cart`.
 * `fields` is the comma list of missing fields; `continue` is the path to go to afterwards,
 * URL-encoded except for its slashes, kept as given (its own locale prefix included). An unsafe
 * continue path (another site) becomes "/". With `locale: 'es'` the page itself is under /es.
 */
export function profileCompletionPath(
  missing: readonly string[],
  continuePath: string,
  options: { locale?: Locale } = {},
): string {
  const prefix = options.locale === 'es' ? '/es' : '';
  const fields = missing.map((field) => encodeURIComponent(field)).join(',');
  const next = encodeURIComponent(safeContinuePath(continuePath)).replace(/%2F/g, '/');
  return `${prefix}/account/complete?fields=${fields}&continue=${next}`;
}
