/**
 * Issue 32, item 1: the limits key on the route that runs, whatever the spelling of its address.
 * The router decodes percent-escapes and the limiter used to test the raw URL, so an encoded path
 * ran sign-in, contact and every API route with no limit at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SPELLINGS = ['/api/auth/login', '/%61pi/auth/login', '/%61%70%69/auth/login', '/api/auth/%6cogin', '/API/auth/login'];

describe('rate limits whatever the spelling of the address', () => {
  it('counts every spelling of the sign-in route on the sign-in limit', async () => {
    t = await buildTestApp({ rateLimit: { authMax: 3 } });
    const answers: number[] = [];
    for (const url of SPELLINGS) {
      for (let i = 0; i < 2; i += 1) {
        const answer = await call(t.app, {
          method: 'POST',
          url,
          payload: { username: 'nobody@example.com', password: 'Wrong1234' },
        });
        answers.push(answer.status);
      }
    }
    // Spellings the router does not match (case) answer 404 and are not the route; every one it
    // runs counts: 3 tries, then 429.
    const ran = answers.filter((status) => status !== 404);
    expect(ran.filter((status) => status === 401)).toHaveLength(3);
    expect(ran.filter((status) => status === 429).length).toBeGreaterThanOrEqual(ran.length - 3);
    expect(ran.length).toBeGreaterThanOrEqual(8);
  });

  it('counts an encoded address on the global limit', async () => {
    t = await buildTestApp({ rateLimit: { max: 5, authMax: 10_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/%61pi/health-plans' })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('product pictures (issue 33, item 25)', () => {
  it("are counted apart from the API's requests: a shared address looking at catalog pages keeps its API limit", async () => {
    t = await buildTestApp({ seed: true, rateLimit: { max: 5, authMax: 10_000 }, config: { pictureRateLimitPerMinute: 30 } });
    const pictures: number[] = [];
    for (let id = 1; id <= 32; id += 1) {
      pictures.push((await t.app.inject({ method: 'GET', url: `/api/images/products/${id}.svg` })).statusCode);
    }
    // Thirty pictures (more than the API's 5), then the pictures' own limit.
    expect(pictures.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(pictures.slice(30)).toEqual([429, 429]);
    // The API's five requests are all still there.
    const api: number[] = [];
    for (let i = 0; i < 6; i += 1) api.push((await t.app.inject({ method: 'GET', url: '/api/health-plans' })).statusCode);
    expect(api).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
