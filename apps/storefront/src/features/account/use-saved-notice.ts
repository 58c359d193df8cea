import { useCallback } from 'react';
import { notify } from '../../kernel/notify';
import { useAppDispatch } from '../../kernel/hooks';

/** A success notification ("Changes are saved", "Address is added", ...), already translated. */
export function useSuccessNotice(): (title: string, description?: string) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (title: string, description?: string) =>
      void notify(dispatch, { title, description, icon: 'success', color: 'success' }),
    [dispatch],
  );
}
