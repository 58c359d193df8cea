import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone.js';

describe('formatPhone', () => {
  it.each<[string | null | undefined, string]>([
    ['5551234567', '+1 (555) 123-4567'],
    ['15551234567', '+1 (555) 123-4567'],
    ['+1 (555) 123-4567', '+1 (555) 123-4567'],
    ['555-123-4567', '+1 (555) 123-4567'],
    ['0000000000', '+1 (000) 000-0000'],
    ['711', '711'],
    ['25551234567', '25551234567'],
    ['call us', 'call us'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });
});
