import { useEffect } from 'react';
import { useAppDispatch } from '../../kernel/hooks';
import { searchOpened } from '../../kernel/ui-slice';

/** True when the key press came from a place where `/` is typed text. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The `/` key opens the search modal, except while typing in a field. */
export function useSearchShortcut(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      dispatch(searchOpened());
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);
}
