import { useLocation } from 'react-router';
import { onServer } from './on-server';

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

/** Query parameters that only carry something into this browser; never part of a page's address. */
const LINK_ONLY_PARAMS = ['personalcode', 'agentId'];

/** The page's own absolute address (link-only parameters left out): canonical and JSON-LD. */
export function usePageUrl(): string {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  for (const name of LINK_ONLY_PARAMS) search.delete(name);
  const query = search.toString();
  return `${siteOrigin()}${location.pathname}${query ? `?${query}` : ''}`;
}
