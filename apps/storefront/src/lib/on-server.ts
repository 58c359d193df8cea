/**
 * True while the storefront renders on the server (the API process, src/entry-server.tsx): no
 * document, no storage; the visitor's cookies come with the request. Code that needs the browser checks this, never `window`.
 * A build-time constant: the browser's bundle carries none of the server's branches.
 */
export const onServer: boolean = import.meta.env.SSR;
