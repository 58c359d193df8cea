import { describe, expect, it } from 'vitest';
import { messageIdsOf, parseCompiledCatalog, pick } from './split-messages';

describe('split messages', () => {
  it('reads the message ids of macro-compiled code', () => {
    const code =
      'i18n._({ id: "+0Yy2U" }); jsx(Trans, { id: "m9/3SA", message: "x" }); i18n._({id:"+0Yy2U"}); t({ id: \'language.other\' })';
    expect(messageIdsOf(code)).toEqual(['+0Yy2U', 'm9/3SA', 'language.other']);
  });

  it('reads a catalog as `lingui compile --typescript` writes it', () => {
    const source =
      '/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse("{\\"+0Yy2U\\":[\\"Search \\\\\\"products\\\\\\"\\"],\\"abcdef\\":[\\"Other\\"]}") as Messages;';
    expect(parseCompiledCatalog(source)).toEqual({ '+0Yy2U': ['Search "products"'], abcdef: ['Other'] });
    expect(() => parseCompiledCatalog('export const messages = {}')).toThrow();
  });

  it('picks the messages of the ids a chunk uses, ignoring unknown ids', () => {
    expect(pick({ a: ['A'], b: ['B'], c: ['C'] }, ['c', 'a', 'zz'])).toEqual({ c: ['C'], a: ['A'] });
  });
});
