import { useLocation } from 'react-router';
import { onServer } from './on-server';
import { LINK_ONLY_PARAMS, knownSearch } from './page-params';

let configuredOrigin: string | undefined;

/**
 * The shop's public origin (PUBLIC_URL, else the request's own): set by the server render before
 * it draws, and in the browser from the page's server data, so both write the same addresses.
 */
export function setSiteOrigin(origin: string): void {
  configuredOrigin = origin.replace(/\/+$/, '');
}

/** The origin absolute addresses are written with: the same on the server and in the browser. */
export function siteOrigin(): string {
  return configuredOrigin ?? (onServer ? '' : window.location.origin);
}

/**
 * The page's own absolute address: canonical and JSON-LD. Only the parameters pages read, sorted,
 * link-only ones left out (lib/page-params.ts), so every spelling of a page names one address.
 */
export function usePageUrl(): string {
  const location = useLocation();
  return `${siteOrigin()}${location.pathname}${knownSearch(location.search, LINK_ONLY_PARAMS)}`;
}
