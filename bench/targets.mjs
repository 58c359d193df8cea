// The targets of issue 18 (pages drawn on the server), checked by bench/run.mjs against the same
// run's floor page and against the previous run (the committed bench/results/latest.json).
export const TARGETS = {
  /** Lighthouse mobile performance score of every page measured. */
  performance: 95,
  /**
   * LCP of each page at most this times the floor page's, by page: the public pages the server
   * draws whole (home, catalog, item) no slower than the floor; the signed-in and form pages
   * (cart, sign-in, the checkout's payment step) within 1.2 ×.
   */
  lcpRatio: { home: 1.0, catalog: 1.0, item: 1.0, cart: 1.2, login: 1.2, 'checkout-payment': 1.2 },
  /** Cumulative layout shift of every page measured. */
  cls: 0,
  /** Total blocking time of each page not above the previous run's (same page). */
  tbtNotAbovePrevious: true,
  /** First-load JavaScript (gzip) of each route not above the previous run's (same route). */
  jsNotAbovePrevious: true,
  /** Search results painted within this many ms of the key press completing the query (median). */
  searchMs: 650,
  /** Times the server renders the app for a public page (issue 29: loaders await their data). */
  rendersPerRequest: 1,
};
