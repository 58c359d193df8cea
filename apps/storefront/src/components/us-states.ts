// The US states and territories by postal code, for the state lists of the address forms (the
// account's and the checkout's). Their names are messages of the catalogs: the Spanish ones are
// those of usa.gov/es where they differ ("Nueva York", "Carolina del Norte"), else the same.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { LOCALE_TAGS } from '../lib/locale';
import { useLocale } from '../lib/use-locale';

export const US_STATE_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  AL: msg({ message: 'Alabama', context: 'US state' }),
  AK: msg({ message: 'Alaska', context: 'US state' }),
  AZ: msg({ message: 'Arizona', context: 'US state' }),
  AR: msg({ message: 'Arkansas', context: 'US state' }),
  CA: msg({ message: 'California', context: 'US state' }),
  CO: msg({ message: 'Colorado', context: 'US state' }),
  CT: msg({ message: 'Connecticut', context: 'US state' }),
  DE: msg({ message: 'Delaware', context: 'US state' }),
  DC: msg({ message: 'District of Columbia', context: 'US state' }),
  FL: msg({ message: 'Florida', context: 'US state' }),
  GA: msg({ message: 'Georgia', context: 'US state' }),
  HI: msg({ message: 'Hawaii', context: 'US state' }),
  ID: msg({ message: 'Idaho', context: 'US state' }),
  IL: msg({ message: 'Illinois', context: 'US state' }),
  IN: msg({ message: 'Indiana', context: 'US state' }),
  IA: msg({ message: 'Iowa', context: 'US state' }),
  KS: msg({ message: 'Kansas', context: 'US state' }),
  KY: msg({ message: 'Kentucky', context: 'US state' }),
  LA: msg({ message: 'Louisiana', context: 'US state' }),
  ME: msg({ message: 'Maine', context: 'US state' }),
  MD: msg({ message: 'Maryland', context: 'US state' }),
  MA: msg({ message: 'Massachusetts', context: 'US state' }),
  MI: msg({ message: 'Michigan', context: 'US state' }),
  MN: msg({ message: 'Minnesota', context: 'US state' }),
  MS: msg({ message: 'Mississippi', context: 'US state' }),
  MO: msg({ message: 'Missouri', context: 'US state' }),
  MT: msg({ message: 'Montana', context: 'US state' }),
  NE: msg({ message: 'Nebraska', context: 'US state' }),
  NV: msg({ message: 'Nevada', context: 'US state' }),
  NH: msg({ message: 'New Hampshire', context: 'US state' }),
  NJ: msg({ message: 'New Jersey', context: 'US state' }),
  NM: msg({ message: 'New Mexico', context: 'US state' }),
  NY: msg({ message: 'New York', context: 'US state' }),
  NC: msg({ message: 'North Carolina', context: 'US state' }),
  ND: msg({ message: 'North Dakota', context: 'US state' }),
  OH: msg({ message: 'Ohio', context: 'US state' }),
  OK: msg({ message: 'Oklahoma', context: 'US state' }),
  OR: msg({ message: 'Oregon', context: 'US state' }),
  PA: msg({ message: 'Pennsylvania', context: 'US state' }),
  RI: msg({ message: 'Rhode Island', context: 'US state' }),
  SC: msg({ message: 'South Carolina', context: 'US state' }),
  SD: msg({ message: 'South Dakota', context: 'US state' }),
  TN: msg({ message: 'Tennessee', context: 'US state' }),
  TX: msg({ message: 'Texas', context: 'US state' }),
  UT: msg({ message: 'Utah', context: 'US state' }),
  VT: msg({ message: 'Vermont', context: 'US state' }),
  VA: msg({ message: 'Virginia', context: 'US state' }),
  WA: msg({ message: 'Washington', context: 'US state' }),
  WV: msg({ message: 'West Virginia', context: 'US state' }),
  WI: msg({ message: 'Wisconsin', context: 'US state' }),
  WY: msg({ message: 'Wyoming', context: 'US state' }),
  PR: msg({ message: 'Puerto Rico', context: 'US state' }),
  GU: msg({ message: 'Guam', context: 'US state' }),
  VI: msg({ message: 'U.S. Virgin Islands', context: 'US state' }),
  AS: msg({ message: 'American Samoa', context: 'US state' }),
  MP: msg({ message: 'Northern Mariana Islands', context: 'US state' }),
};

export interface StateOption {
  /** The postal code, which the address keeps ("CA"). */
  value: string;
  /** The name in the page's language and the code: "California (CA)", "Carolina del Norte (NC)". */
  label: string;
}

/**
 * The select options of these state codes, by name in the reader's language (`name` translates a
 * name; a code with no name shows as the code alone).
 */
export function stateOptions(
  codes: readonly string[],
  name: (descriptor: MessageDescriptor) => string,
  languageTag: string,
): StateOption[] {
  return codes
    .map((code) => {
      const descriptor = US_STATE_NAMES[code];
      return { value: code, label: descriptor ? `${name(descriptor)} (${code})` : code };
    })
    .sort((a, b) => a.label.localeCompare(b.label, languageTag));
}

/** `stateOptions` in the page's language. */
export function useStateOptions(codes: readonly string[]): StateOption[] {
  const { i18n } = useLingui();
  const locale = useLocale();
  return useMemo(
    () => stateOptions(codes, (descriptor) => i18n._(descriptor), LOCALE_TAGS[locale]),
    [codes, i18n, locale],
  );
}
