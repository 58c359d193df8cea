import { SearchModal } from '../features/search/search-modal';

/**
 * The search modal's place in the layout. Open/close state lives in the UI slice; the modal
 * (form, categories, results, close buttons, `/` shortcut) is the search feature's.
 */
export function SearchSlot() {
  return <SearchModal />;
}
