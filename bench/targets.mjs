// The targets of issue 12, checked by bench/run.mjs against the same run's floor page.
export const TARGETS = {
  /** Lighthouse mobile performance score of every page measured. */
  performance: 95,
  /** LCP of every page at most this times the floor page's. */
  lcpRatio: 1.3,
  /** First-load JavaScript (gzip) of every route at most this times the floor's. */
  jsRatio: 1.15,
  /** Search results painted within this many ms of the key press completing the query (median). */
  searchMs: 650,
};
