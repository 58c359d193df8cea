import type { FormEvent, FormHTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { useLocalizePath } from '../../../lib/use-locale';
import { keptParams } from '../catalog-params';

export type CatalogFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action' | 'onSubmit'> & {
  /** The parameters the form's own fields set (left out of its hidden fields). */
  replaces: readonly string[];
  /** An element of the page the browser goes to (the address's #fragment, `:target`). */
  fragment?: string;
  /** The hidden fields carry `page` too (the same list, only the fragment added). */
  keepsPage?: boolean;
  /**
   * With the scripts: what was sent (the form's fields as they are now, a choice made before the
   * scripts started too). The form itself is not sent then.
   */
  onApply: (fields: FormData, form: HTMLFormElement) => void;
};

/**
 * A GET form of the catalog's address (issue 29: it works before and without the scripts). Without
 * them the browser asks the server for the catalog with the form's fields, every other parameter
 * of the address riding along as hidden fields (not `page`: the list starts again), and the server
 * draws the result. With them `onApply` changes the address in the page instead.
 */
export function CatalogForm({ replaces, fragment, keepsPage, onApply, children, ...rest }: CatalogFormProps) {
  const [search] = useSearchParams();
  const localize = useLocalizePath();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read now: React clears currentTarget once the event is handled.
    const form = event.currentTarget;
    onApply(new FormData(form), form);
  };
  return (
    <form method="get" action={`${localize('/catalog')}${fragment ? `#${fragment}` : ''}`} onSubmit={submit} {...rest}>
      {keptParams(search, replaces, keepsPage).map(([name, value], index) => (
        <input key={`${index}:${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** A text field of a catalog form, as the form would send it ('' when absent). */
export function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}
