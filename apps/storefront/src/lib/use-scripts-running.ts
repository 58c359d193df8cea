import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const running = () => true;
const notYet = () => false;

/**
 * False in the page the server draws (what a browser without the scripts keeps) and while it is
 * hydrated, true from the render after: a part that only works with the scripts (a live
 * countdown) is drawn by them, with no mismatch at hydration. A part mounted later is true at once.
 */
export function useScriptsRunning(): boolean {
  return useSyncExternalStore(subscribeToNothing, running, notYet);
}
