// A page's one query, refused on the server: the loader hands the refusal to the page, which draws
// it from the loader's data instead of subscribing to the refused query again.
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { SdkQueryError } from '../lib/api';
import { onServer } from '../lib/on-server';

/** What a page's loader hands it of its one awaited query: the refusal, or null. */
export interface LoaderRefusal {
  refused: SdkQueryError | null;
}

/**
 * A page's query awaited by its loader on the server, answering what refused it (null when it was
 * answered, and always in the browser, where the page asks for it itself). A page drawn with a
 * refusal shows it from its loader's data and does not subscribe to the refused query: RTK Query
 * asks again for a rejected entry at every new subscription, so the page was drawn twice on the
 * server and asked again once hydrated (a used link's page flickered).
 */
export async function refusalOnServer(query: Promise<unknown>): Promise<LoaderRefusal> {
  if (!onServer) {
    query.catch(() => {});
    return { refused: null };
  }
  try {
    await query;
    return { refused: null };
  } catch (error) {
    return { refused: error as SdkQueryError };
  }
}

/**
 * The page's side: the loader's refusal (null once the shopper asks again, or when there was none),
 * and `askAgain` for its Retry. While it is not null the page skips its query.
 */
export function useLoaderRefusal(): [refused: SdkQueryError | null, askAgain: () => void] {
  const handed = useLoaderData<LoaderRefusal | null | undefined>()?.refused ?? null;
  const [askedAgain, setAskedAgain] = useState(false);
  return [askedAgain ? null : handed, () => setAskedAgain(true)];
}
