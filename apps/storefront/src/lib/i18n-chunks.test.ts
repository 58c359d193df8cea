import { describe, expect, it, vi } from 'vitest';
import { i18n, loadLocale } from './i18n';

// The build's lazy chunks push their own messages (vite/split-messages.ts) to this queue.
const queue = () => (globalThis as unknown as { __otcMessages: { push(item: object): number } }).__otcMessages;

describe('messages brought by lazy chunks', () => {
  it('go into a loaded catalog at once, and into a catalog loaded later', async () => {
    await loadLocale('en');
    queue().push({ en: { chunkOnly1: 'From a page chunk' }, es: { chunkOnly1: 'De un fragmento' } });
    i18n.activate('en');
    expect(i18n._('chunkOnly1')).toBe('From a page chunk');

    await loadLocale('es');
    i18n.activate('es');
    expect(i18n._('chunkOnly1')).toBe('De un fragmento');
  });

  it("arrive without Lingui's change event (nothing drawn uses them), which still comes on a switch", async () => {
    await loadLocale('en');
    await loadLocale('es');
    i18n.activate('en');
    const changed = vi.fn();
    const stop = i18n.on('change', changed);
    queue().push({ en: { chunkOnly2: 'Another page' }, es: { chunkOnly2: 'Otra página' } });
    expect(i18n._('chunkOnly2')).toBe('Another page');
    expect(changed).not.toHaveBeenCalled();
    i18n.activate('es');
    expect(changed).toHaveBeenCalledTimes(1);
    expect(i18n._('chunkOnly2')).toBe('Otra página');
    stop();
  });
});
