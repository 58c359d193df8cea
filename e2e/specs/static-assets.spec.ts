import { expect, test } from '@playwright/test';

/**
 * Requirement: the storefront's static files are not counted in the API's per-address rate
 * limit. Every page load fetches scripts, a style and pictures; a few shoppers behind one
 * address (a clinic, a family, a proxy) reach 600 per minute quickly and then get blank pages
 * (429 with a JSON body for a stylesheet). This test deliberately does NOT use the shared fixture.
 */
test('700 requests for hashed assets within a minute are all answered', async ({ request }) => {
  const index = await request.get('/');
  expect(index.status()).toBe(200);
  const html = await index.text();
  // The first load's scripts and style (src/href) and the scripts the route preloads list.
  const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? ''))];
  expect(assets.length).toBeGreaterThan(5);
  const statuses: number[] = [];
  for (let round = 0; statuses.length < 700; round += 1) {
    const batch = await Promise.all(assets.map((asset) => request.get(asset).then((r) => r.status())));
    statuses.push(...batch);
  }
  const limited = statuses.filter((status) => status === 429).length;
  expect(limited, `${limited} of ${statuses.length} asset requests answered 429`).toBe(0);
});

/**
 * Issue 32, item 7: the served scripts and styles name no source map (the maps are kept out of
 * the public folder and answer 404 in production; a `sourceMappingURL` comment still told where
 * the shop's source would be).
 */
test('no served script or style names its source map', async ({ request }) => {
  const html = await (await request.get('/catalog')).text();
  const files = [...new Set([...html.matchAll(/"(\/(?:assets\/)?[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? ''))];
  expect(files.length).toBeGreaterThan(3);
  for (const file of files) {
    const text = await (await request.get(file)).text();
    expect(text, file).not.toMatch(/[#@] sourceMappingURL=/);
  }
});
