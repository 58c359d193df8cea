// What the server render hands the browser (src/entry-server.tsx): the routes' loader data and
// errors (react-router's hydration data) and the store's answers (RTK Query's rehydration). It
// travels in a JSON data block (`#server-data`), which the CSP allows: browsers never run it.
import { UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router';

export const SERVER_DATA_ID = 'server-data';

type SerializedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

export interface ServerData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
  /** The `api` slice of the store (RTK Query), as `extractRehydrationInfo` takes it. */
  api: unknown;
  /** The origin the server wrote absolute addresses with (canonical, alternates, JSON-LD). */
  origin: string;
  /**
   * The visitor as the API knew them when the page was drawn (their session cookie is HttpOnly:
   * nothing here can be reused elsewhere): signed in or not, and their cookies' CSRF token.
   */
  visitor: { signedIn: boolean; csrfToken: string | null };
  /** The zone the page's times were drawn in (lib/time-zone.ts): the browser hydrates in it. */
  timeZone: string;
  /** Whether that zone is a guess (no zone from the visitor's browser): its times name it. */
  timeZoneNamed?: boolean;
}

/** The server's data of this page, or null when the page was not drawn by the server. */
export function readServerData(doc: Document = document): ServerData | null {
  const block = doc.getElementById(SERVER_DATA_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ServerData;
  } catch {
    return null;
  }
}

/** react-router's hydration state, with a route's 404 rebuilt as the error response it was. */
export function hydrationState(data: ServerData): HydrationState {
  const errors: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(data.errors ?? {})) {
    errors[routeId] =
      error.kind === 'response'
        ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, error.data)
        : new Error(error.message);
  }
  return {
    loaderData: data.loaderData,
    actionData: data.actionData,
    errors: data.errors ? errors : null,
  };
}

/**
 * The store's answers as the browser takes them: as fresh as the page they came with. The server
 * writes one fixed moment into them (the same page for the same data is the same bytes), so a
 * query that is asked again by age (`refetchOnMountOrArgChange: seconds`) would be asked again
 * the moment the page came alive, for what the page has just shown.
 */
export function apiAnswersReceivedAt(answers: ServerData['api'], now: number): ServerData['api'] {
  const { queries } = answers as { queries?: Record<string, Record<string, unknown> | undefined> };
  if (!queries) return answers;
  const fresh = Object.fromEntries(
    Object.entries(queries).map(([key, entry]) => [key, entry && { ...entry, startedTimeStamp: now, fulfilledTimeStamp: now }]),
  );
  return { ...(answers as object), queries: fresh } as ServerData['api'];
}
