import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageSettled } from '../lib/prefetch';

// A chunk that cannot be loaded (a newer build replaced it) only means no watching in this page.
const AppUpdateWatch = lazy(() =>
  import('./app-update-watch').catch(() => ({ default: () => null })),
);

/**
 * The watch for a newer build (a notification offers to reload), started once the page is drawn
 * with its data and idle: it polls `version.json` every few minutes and on focus, which nothing
 * needs before, so its code is not in the first load. Drawn as nothing, on the server too.
 */
export function AppUpdateSlot() {
  const [started, setStarted] = useState(false);
  useEffect(() => afterPageSettled(() => setStarted(true)), []);
  return started ? (
    <Suspense fallback={null}>
      <AppUpdateWatch />
    </Suspense>
  ) : null;
}
