// What the routes' loaders and actions run with: the visitor's store (its SDK is the store's
// `extra`). react-router hands it to them as their `context`: the server per request
// (`query(request, { requestContext })`, src/entry-server.tsx), the browser for its one store
// (`createBrowserRouter(routes, { getContext })`, src/main.tsx). No module-wide store or client.
import { createContext, RouterContextProvider } from 'react-router';
import type { AppStore } from './store';

const storeContext = createContext<AppStore>();

/** The context a router gives its loaders and actions for `store`. */
export function routeContextFor(store: AppStore): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(storeContext, store);
  return context;
}

/** The store of a loader's or an action's arguments. */
export function storeOf(args: { context: unknown }): AppStore {
  return (args.context as Readonly<RouterContextProvider>).get(storeContext);
}
