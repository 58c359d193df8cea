import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useAppDispatch, useAppSelector } from '../kernel/hooks';
import { colourModeChanged, selectColourMode } from '../kernel/ui-slice';
import { applyColourMode, resolveColourMode, writeColourMode, type ColourMode } from '../lib/colour-mode';
import { isRouteHandle } from '../kernel/route-handle';

/** Applies the colour mode to <html>: a route's forced mode, else the remembered preference. */
export function useColourMode(): [ColourMode, (mode: ColourMode) => void] {
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectColourMode);
  const forced = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .findLast((handle) => handle.colourMode)?.colourMode;

  useEffect(() => {
    applyColourMode(resolveColourMode(preference, forced));
    if (preference !== 'system' || forced || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyColourMode(resolveColourMode('system'));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [preference, forced]);

  const setMode = (mode: ColourMode) => {
    writeColourMode(mode);
    dispatch(colourModeChanged(mode));
  };
  return [preference, setMode];
}
