import { describe, expect, it } from 'vitest';
import { catalogPlaceholder, fillCatalog, messageIdsOf, parseCompiledCatalog, pick } from './split-messages';

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

  it("fills a catalog's placeholder in its rendered chunk, leaving the chunk's other modules as they are", () => {
    const messages = { a: ['Cost: $& $1 {total}'], b: ['"quoted"'] };
    for (const quote of ['"', "'"]) {
      const code = `const t={x:"Error"};const m=JSON.parse(${quote}${catalogPlaceholder('es')}${quote});export{m as messages,t as errorTexts};`;
      const filled = fillCatalog(code, 'es', messages) as string;
      expect(filled).toContain('const t={x:"Error"};');
      expect(filled).toContain('export{m as messages,t as errorTexts};');
      const parsed = new Function(`${filled.replace(/export\{.*\};$/, '')}return m;`)() as unknown;
      expect(parsed).toEqual(messages);
    }
    expect(fillCatalog(`JSON.parse("${catalogPlaceholder('en')}")`, 'es', messages)).toBeUndefined();
  });
});
