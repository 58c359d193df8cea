import type { MessageDescriptor } from '@lingui/core';
import { US_STATES } from '@otc/sdk';
import { activateLocale, i18n } from '../lib/i18n';
import { stateOptions, US_STATE_NAMES } from './us-states';

const translate = (descriptor: MessageDescriptor) => i18n._(descriptor);

describe('stateOptions', () => {
  it('names every state the shop can deliver to', () => {
    expect(US_STATES.filter((code) => !US_STATE_NAMES[code])).toEqual([]);
  });

  it('shows the names with their codes in English, sorted by name; the value stays the code', async () => {
    await activateLocale('en');
    const options = stateOptions(['TX', 'NY', 'CA', 'NC'], translate, 'en-US');
    expect(options).toEqual([
      { value: 'CA', label: 'California (CA)' },
      { value: 'NY', label: 'New York (NY)' },
      { value: 'NC', label: 'North Carolina (NC)' },
      { value: 'TX', label: 'Texas (TX)' },
    ]);
  });

  it('uses the Spanish names where they differ, sorted in Spanish', async () => {
    await activateLocale('es');
    const options = stateOptions(['TX', 'NY', 'CA', 'NC', 'PA'], translate, 'es-US');
    expect(options.map((option) => option.label)).toEqual([
      'California (CA)',
      'Carolina del Norte (NC)',
      'Nueva York (NY)',
      'Pensilvania (PA)',
      'Texas (TX)',
    ]);
    expect(options.map((option) => option.value)).toEqual(['CA', 'NC', 'NY', 'PA', 'TX']);
  });

  it('shows a code it has no name for as the code', async () => {
    await activateLocale('en');
    expect(stateOptions(['ZZ'], translate, 'en-US')).toEqual([{ value: 'ZZ', label: 'ZZ' }]);
  });
});
