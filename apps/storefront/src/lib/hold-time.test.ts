import { setDisplayTimeZone } from '@otc/sdk';
import { untilText } from './hold-time';

describe('untilText', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("says the time in the display zone, and whether it is today there (the server's and the browser's alike)", () => {
    setDisplayTimeZone('America/Chicago');
    // 05:08 UTC on the 29th is 11:08 PM on the 28th in Chicago, the same day as 10 PM there.
    expect(untilText('2026-11-29T05:08:00.000Z', 'en', new Date('2026-11-29T04:00:00.000Z'))).toBe('11:08 PM');
    expect(untilText('2026-11-29T05:08:00.000Z', 'es', new Date('2026-11-29T04:00:00.000Z'))).toMatch(/^las 11:08\sp\.\s?m\.$/);
    // The next day there: the date too.
    expect(untilText('2026-11-29T07:08:00.000Z', 'en', new Date('2026-11-29T04:00:00.000Z'))).toBe('Nov 29, 2026, 1:08 AM');
  });

  it('names the zone when it is a guess (the visitor’s own is not known)', () => {
    setDisplayTimeZone('America/Chicago', { named: true });
    const now = new Date('2026-11-29T04:00:00.000Z');
    expect(untilText('2026-11-29T05:08:00.000Z', 'en', now).replace(/\s/g, ' ')).toBe('11:08 PM (Central Time)');
    expect(untilText('2026-11-29T05:08:00.000Z', 'es', now)).toMatch(/^las 11:08\sp\.\s?m\. \(hora central\)$/);
    expect(untilText('2026-11-29T07:08:00.000Z', 'en', now).replace(/\s/g, ' ')).toBe('Nov 29, 2026, 1:08 AM (Central Time)');
  });
});
