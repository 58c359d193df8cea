import { useSearchParams } from 'react-router';
import { withoutPageNotes } from '../lib/page-params';

/**
 * The page address's parameters as hidden fields of a GET form to the same page (a button that
 * opens something before or without the scripts), but `except` (what the form sets itself) and
 * the one-time ones (`withoutPageNotes`).
 */
export function CarriedParams({ except = [] }: { except?: readonly string[] }) {
  const [search] = useSearchParams();
  return (
    <>
      {[...withoutPageNotes(search)]
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
