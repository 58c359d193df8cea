import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loaderUrl,
  recordingAllowed,
  SESSION_RECORDING_CSP,
  startSessionRecording,
  type RecordingConditions,
} from './session-recording';

const allowed: RecordingConditions = {
  mode: 'production',
  siteId: 'abcdef1234',
  doNotTrack: null,
  globalPrivacyControl: undefined,
};

describe('session recording gating rules', () => {
  it('runs in production with a site id and no privacy signal', () => {
    expect(recordingAllowed(allowed)).toBe(true);
    expect(recordingAllowed({ ...allowed, doNotTrack: '0', globalPrivacyControl: false })).toBe(true);
  });

  it('is off outside production', () => {
    expect(recordingAllowed({ ...allowed, mode: 'development' })).toBe(false);
    expect(recordingAllowed({ ...allowed, mode: 'test' })).toBe(false);
  });

  it('is off without a valid public site id', () => {
    expect(recordingAllowed({ ...allowed, siteId: undefined })).toBe(false);
    expect(recordingAllowed({ ...allowed, siteId: '' })).toBe(false);
    expect(recordingAllowed({ ...allowed, siteId: 'abc"><script>' })).toBe(false);
  });

  it('is off under Do Not Track or Global Privacy Control', () => {
    expect(recordingAllowed({ ...allowed, doNotTrack: '1' })).toBe(false);
    expect(recordingAllowed({ ...allowed, globalPrivacyControl: true })).toBe(false);
  });

  it('opens the CSP for the recorder host only', () => {
    expect(new Set(Object.values(SESSION_RECORDING_CSP).flat())).toEqual(new Set(['https://*.clarity.ms']));
    expect(new URL(loaderUrl('abcdef1234')).host).toBe('www.clarity.ms');
  });
});

describe('startSessionRecording', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    document.body.removeAttribute('data-clarity-mask');
    delete (window as { clarity?: unknown }).clarity;
    vi.restoreAllMocks();
  });

  const loaders = () => document.head.querySelectorAll('script[src^="https://www.clarity.ms/tag/"]');

  it('adds the loader and masks the whole page when allowed', () => {
    expect(startSessionRecording(window, 'production', 'abcdef1234')).toBe(true);
    expect(loaders()).toHaveLength(1);
    expect((loaders()[0] as HTMLScriptElement).async).toBe(true);
    expect(document.body.getAttribute('data-clarity-mask')).toBe('true');
    // Started twice: one loader.
    startSessionRecording(window, 'production', 'abcdef1234');
    expect(loaders()).toHaveLength(1);
  });

  it('loads nothing without a site id or in development', () => {
    expect(startSessionRecording(window, 'production', undefined)).toBe(false);
    expect(startSessionRecording(window, 'development', 'abcdef1234')).toBe(false);
    expect(loaders()).toHaveLength(0);
    expect(document.body.hasAttribute('data-clarity-mask')).toBe(false);
  });

  it('loads nothing when the browser sends Do Not Track or Global Privacy Control', () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    try {
      expect(startSessionRecording(window, 'production', 'abcdef1234')).toBe(false);
    } finally {
      delete (navigator as { doNotTrack?: string }).doNotTrack;
    }
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    try {
      expect(startSessionRecording(window, 'production', 'abcdef1234')).toBe(false);
    } finally {
      delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    }
    expect(loaders()).toHaveLength(0);
    expect((window as { clarity?: unknown }).clarity).toBeUndefined();
  });
});
