import { describe, expect, it } from 'vitest';
import {
  SESSION_RECORDING_CSP,
  SESSION_RECORDING_HOST,
  isSessionRecordingSiteId,
  sessionRecordingConfigured,
} from './session-recording.js';

describe('session recording', () => {
  it('opens one host, for scripts, uploads and beacons only', () => {
    expect(SESSION_RECORDING_HOST).toBe('https://*.clarity.ms');
    expect(Object.keys(SESSION_RECORDING_CSP).sort()).toEqual(['connect-src', 'img-src', 'script-src']);
    expect(new Set(Object.values(SESSION_RECORDING_CSP).flat())).toEqual(new Set([SESSION_RECORDING_HOST]));
  });

  it.each([
    ['abcdef1234', true],
    ['ABCdef', true],
    ['a'.repeat(32), true],
    ['abc12', false],
    ['a'.repeat(33), false],
    ['abc-def-12', false],
    ['abcdef 1234', false],
    ['', false],
    [undefined, false],
    [null, false],
  ] as const)('site id %j -> %j', (value, expected) => {
    expect(isSessionRecordingSiteId(value)).toBe(expected);
  });

  it('is configured only in production with a well-formed site id', () => {
    expect(sessionRecordingConfigured(true, 'abcdef1234')).toBe(true);
    expect(sessionRecordingConfigured(false, 'abcdef1234')).toBe(false);
    expect(sessionRecordingConfigured(true, undefined)).toBe(false);
    expect(sessionRecordingConfigured(true, 'not an id')).toBe(false);
  });
});
