import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '@otc/ui';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { searchClosed, selectSearchOpen } from '../features/ui/ui-slice';

/**
 * The search modal's frame: open/close state from the store, Escape, outside click and the close
 * button close it. PHASE 2 SLOT: the search form and results go in `children`.
 */
export function SearchSlot({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSearchOpen);
  return (
    <Dialog
      open={open}
      onClose={() => dispatch(searchClosed())}
      title={t`Search products`}
      closeLabel={t`Close search`}
      placement="top"
      className="mx-auto max-w-3xl"
    >
      {children}
    </Dialog>
  );
}
