/**
 * What the answer says was matched is in the page's language (Accept-Language), whatever the
 * language of the synonym or of the misspelt word; and a spelling correction is a typo's fix, not
 * another, much shorter word ("glucosamine" is not sold: nothing found, not glucose strips).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAnswerSchema } from '@otc/sdk/schemas';
import { buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const search = async (q: string, lang: 'en' | 'es') => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/search/products?q=${encodeURIComponent(q)}`,
    headers: { 'accept-language': lang },
  });
  expect(res.status, q).toBe(200);
  return searchAnswerSchema.parse(res.body);
};

describe('matched words in the request language', () => {
  it('names an everyday word of the other language in the page language', async () => {
    const panales = await search('pañales', 'en');
    expect(panales.matched).toEqual([{ kind: 'everyday', term: 'pañales', as: 'protective underwear' }]);
    expect(panales.products.length).toBeGreaterThan(0);
    const curitas = await search('curitas', 'en');
    expect(curitas.matched).toEqual([{ kind: 'everyday', term: 'curitas', as: 'adhesive bandages' }]);
    const sunblock = await search('sunblock', 'es');
    expect(sunblock.matched).toEqual([{ kind: 'everyday', term: 'sunblock', as: 'protector solar' }]);
    // In its own language, as before.
    expect((await search('pañales', 'es')).matched?.[0]).toMatchObject({ as: 'ropa interior protectora' });
    expect((await search('sunblock', 'en')).matched?.[0]).toMatchObject({ as: 'sunscreen' });
  });

  it('names a spelling correction by the word of the page language', async () => {
    expect((await search('ibuprofn', 'es')).matched).toEqual([{ kind: 'spelling', term: 'ibuprofn', as: 'ibuprofeno' }]);
    expect((await search('ibuprofn', 'en')).matched).toEqual([{ kind: 'spelling', term: 'ibuprofn', as: 'ibuprofen' }]);
    const glucse = await search('glucse', 'en');
    expect(glucse.matched).toEqual([{ kind: 'spelling', term: 'glucse', as: 'glucose' }]);
    expect((await search('glucse', 'es')).matched).toEqual([{ kind: 'spelling', term: 'glucse', as: 'glucosa' }]);
  });
});

describe('spelling corrections', () => {
  it('does not take a word for a much shorter one: nothing found for a product not sold', async () => {
    for (const lang of ['en', 'es'] as const) {
      for (const q of ['glucosamine', 'glucosamina']) {
        const answer = await search(q, lang);
        expect(answer.matched, `${q} ${lang}`).toEqual([]);
        expect(answer.products, `${q} ${lang}`).toEqual([]);
        expect(answer.total, `${q} ${lang}`).toBe(0);
      }
    }
  });

  it('still corrects real typos', async () => {
    for (const q of ['ibuprofn', 'acetaminofen', 'vitamn c', 'tylenl', 'glucse']) {
      expect((await search(q, 'en')).products.length, q).toBeGreaterThan(0);
    }
  });
});
