/**
 * Issue 33, item 6 ("Words shoppers type"): a letter beside a word ("vitamin d" is also D3), a
 * word also in a manufacturer's name ("nutrition"), corrections that stay in the page's language
 * and the kind of product or are not made ("shake", "protein", "pink bismuth"), every word
 * mattering ("protector solar"), needs ("itchy skin"), and an explanation that quotes what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAnswerSchema } from '@otc/sdk/schemas';
import { closeAsTypo, typedWords } from '../../../src/services/search.js';
import { buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const search = async (q: string, lang: 'en' | 'es' = 'en') => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/search/products?q=${encodeURIComponent(q)}`,
    headers: { 'accept-language': lang },
  });
  expect(res.status, q).toBe(200);
  return searchAnswerSchema.parse(res.body);
};
const catalogTotal = async (q: string, lang: 'en' | 'es' = 'en') => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/catalog/products?q=${encodeURIComponent(q)}`,
    headers: { 'accept-language': lang },
  });
  expect(res.status, q).toBe(200);
  return (res.body as { total: number }).total;
};

describe('a letter or number in the words', () => {
  it('"vitamin d" finds the Vitamin D3 products too, in both languages', async () => {
    const english = await search('vitamin d');
    expect(english.products.some((p) => /Vitamin D3/.test(p.name))).toBe(true);
    expect(english.products.every((p) => /vitamin D/i.test(p.name))).toBe(true);
    expect(english.total).toBe(((await search('vitamin d3')).total ?? 0) + ((await search('calcium vitamin d')).total ?? 0));
    const spanish = await search('vitamina d', 'es');
    expect(spanish.products.some((p) => /Vitamina D3/.test(p.name))).toBe(true);
    expect(spanish.products.every((p) => /vitamina D/i.test(p.name))).toBe(true);
  });

  it('"vitamin b" is Vitamin B12, not the other vitamins', async () => {
    const answer = await search('vitamin b');
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.every((p) => /Vitamin B12/.test(p.name))).toBe(true);
  });
});

describe('a word also in a manufacturer\'s name', () => {
  it('"nutrition" and "nutrición" are vitamins and supplements, not ibuprofen or heat wraps of Vitalis Nutrition Co.', async () => {
    for (const [q, lang] of [
      ['nutrition', 'en'],
      ['nutrición', 'es'],
      ['nutricion', 'es'],
    ] as const) {
      const answer = await search(q, lang);
      expect(answer.products.length, q).toBeGreaterThan(0);
      expect(answer.products.every((p) => p.categoryId === answer.products[0]!.categoryId), q).toBe(true);
      expect(answer.categories.map((c) => c.id), q).toEqual([answer.products[0]!.categoryId]);
      expect(answer.products.some((p) => /ibuprofen|heat wraps|ibuprofeno|compresas/i.test(p.name)), q).toBe(false);
    }
  });

  it('"zinc" is the zinc lozenges, not hearing aid batteries whose description says zinc air', async () => {
    const answer = await search('zinc');
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.every((p) => /zinc cold/i.test(p.name))).toBe(true);
  });
});

describe('corrections stay in the page\'s language and the kind of product, or are not made', () => {
  it('"shake" is not "sharps", "protein" not "protector", "proteína" not "protectora": nothing is found', async () => {
    for (const [q, lang] of [
      ['shake', 'en'],
      ['protein', 'en'],
      ['protein shake', 'en'],
      ['proteína', 'es'],
      ['batido de proteína', 'es'],
    ] as const) {
      const answer = await search(q, lang);
      expect(answer.products.map((p) => p.name), q).toEqual([]);
      expect(answer.matched ?? [], q).toEqual([]);
    }
  });

  it('"pink bismuth" in the English shop is not the Spanish "pinza"', async () => {
    const answer = await search('pink bismuth');
    expect(answer.products.some((p) => /reacher|pinza/i.test(p.name))).toBe(false);
    expect((answer.matched ?? []).some((m) => m.as === 'pinza')).toBe(false);
  });

  it('a typo is still corrected, to a word of the page\'s language', async () => {
    const english = await search('ibuprofn');
    expect(english.matched).toEqual([{ kind: 'spelling', term: 'ibuprofn', as: 'ibuprofen' }]);
    expect(english.products.length).toBeGreaterThan(0);
    const spanish = await search('ibuprofn', 'es');
    expect(spanish.matched).toEqual([{ kind: 'spelling', term: 'ibuprofn', as: 'ibuprofeno' }]);
  });

  it('takes a vocabulary word for a typo only when few letters apart (pure)', () => {
    expect(closeAsTypo('ibuprofn', 'ibuprofen')).toBe(true);
    expect(closeAsTypo('shake', 'sharps')).toBe(false);
    expect(closeAsTypo('protein', 'protector')).toBe(false);
    expect(closeAsTypo('pink', 'pinza')).toBe(false);
    expect(closeAsTypo('day', 'daytime')).toBe(true);
  });
});

describe('every word matters', () => {
  it('"protector solar" is the sunscreen alone (not underwear or guards whose description says "solo"), as "sunscreen" is', async () => {
    const spanish = await search('protector solar', 'es');
    expect(spanish.products.length).toBeGreaterThan(0);
    expect(spanish.products.every((p) => /protector solar/i.test(p.name))).toBe(true);
    expect(spanish.categories.map((c) => c.name)).toEqual(['Cuidado de la piel']);
    const english = await search('sunscreen');
    expect(spanish.total).toBe(english.total);
    expect(await catalogTotal('protector solar', 'es')).toBe(english.total);
  });
});

describe('needs rather than products', () => {
  it('"itchy skin" is the anti-itch cream, "comezón en la piel" la crema contra la picazón', async () => {
    const english = await search('itchy skin');
    expect(english.products.length).toBeGreaterThan(0);
    expect(english.products.every((p) => /anti-itch/i.test(p.name))).toBe(true);
    const spanish = await search('comezón en la piel', 'es');
    expect(spanish.products.length).toBeGreaterThan(0);
    expect(spanish.products.every((p) => /picazón/i.test(p.name))).toBe(true);
  });

  it('"nariz tapada" is a nasal spray, "quemadura de sol" the after-sun gel', async () => {
    const nose = await search('nariz tapada', 'es');
    expect(nose.products.length).toBeGreaterThan(0);
    expect(nose.products.every((p) => /aerosol nasal/i.test(p.name))).toBe(true);
    const burn = await search('quemadura de sol', 'es');
    expect(burn.products.length).toBeGreaterThan(0);
    expect(burn.products.every((p) => /aloe/i.test(p.name))).toBe(true);
  });
});

describe('the explanation quotes the words typed', () => {
  it('"sunscreen" is not said to be "sun screen"; "sun screen" is quoted as typed', async () => {
    const one = await search('sunscreen');
    expect(one.matched).toEqual([]);
    // The same words as the shop's term: quoted as the shop spells them.
    const two = await search('Sun Screen');
    expect(two.matched).toEqual([{ kind: 'everyday', term: expect.stringMatching(/^sun screen$/i), as: 'sunscreen' }]);
    // A typo of a term is quoted as typed, not as the term.
    const typed = await search('sun screan');
    expect(typed.matched).toEqual([{ kind: 'everyday', term: 'sun screan', as: 'sunscreen' }]);
    const typo = await search('bloqueador solar', 'es');
    expect(typo.matched).toEqual([{ kind: 'everyday', term: 'bloqueador solar', as: 'protector solar' }]);
  });

  it('keeps each word as typed, accents and case included (pure)', () => {
    expect(typedWords('Pañales para Adultos')).toEqual(['Pañales', 'Adultos']);
    expect(typedWords('band-aid')).toEqual(['band', 'aid']);
    expect(typedWords('the')).toEqual(['the']);
  });
});
