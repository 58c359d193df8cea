import type { FormEvent, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CsrfField } from '../../../kernel/page-form';
import { queryWithoutPageNotes } from '../../../lib/page-params';
import { useLocalizePath } from '../../../lib/use-locale';
import { FAVORITE_INTENT } from '../favorite-action';

/**
 * A heart's form: a post of the favourite's new state to the item's action (favorite-action.ts),
 * which the server runs without the scripts and answers with the page pressed. With the scripts
 * `onToggle` acts at once (the endpoint) and nothing is posted.
 */
export function FavoriteForm({
  productId,
  favorite,
  onToggle,
  children,
}: {
  productId: number;
  /** The state the press sets. */
  favorite: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const localize = useLocalizePath();
  const toggle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onToggle();
  };
  return (
    <form method="post" action={localize(`/item/${productId}`)} className="contents" onSubmit={toggle}>
      <CsrfField />
      <input type="hidden" name="intent" value={FAVORITE_INTENT} />
      <input type="hidden" name="favorite" value={String(favorite)} />
      <input type="hidden" name="redirectTo" value={`${pathname}${queryWithoutPageNotes(search)}`} />
      {children}
    </form>
  );
}
