import type { MessageDescriptor } from '@lingui/core';
import type { ResolvedColourMode } from '../lib/colour-mode';

/** What each route carries in `handle` (read with `useMatches`). */
export interface RouteHandle {
  name: string;
  /** Document title (and the shell page's heading). */
  title?: MessageDescriptor;
  /** Forces a colour mode while this page is open. */
  colourMode?: ResolvedColourMode;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).name === 'string';
}
