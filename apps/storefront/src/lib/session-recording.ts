// Session recording (spec section 9, architecture "Session recording"): Microsoft Clarity,
// through its own loader (https://www.clarity.ms/tag/<site id>), which then loads its recorder
// from scripts.clarity.ms and sends to <letter>.clarity.ms.
//
// - Only in a production build (environment unset or production) and only with a configured
//   public site id (VITE_SESSION_RECORDING_SITE_ID); never in development or tests.
// - Off entirely (nothing loaded, no queue) when the browser says Do Not Track
//   (navigator.doNotTrack === '1') or Global Privacy Control (navigator.globalPrivacyControl).
// - Started after the page has loaded and is idle: main.tsx imports this module only then, so it
//   costs the first load nothing (not even this module).
// - Every input and every customer's data masked: Clarity masks inputs in every mode, and
//   `data-clarity-mask="true"` on <body> masks all text under it (names, addresses, orders,
//   prices), before the recorder starts. Cookies for ads are refused (consent: ad storage denied).
//
// Content-Security-Policy: the recorder's host only, https://*.clarity.ms, in script-src (the
// loader and the recorder), connect-src (the uploads) and img-src (its beacons):
// SESSION_RECORDING_CSP (the SDK's); the API adds it only when a site id is configured.

// The host, the CSP sources and the production + site id gate are the SDK's (the API opens its
// CSP by the same rule); this module adds what only a browser knows.
import { SESSION_RECORDING_CSP, SESSION_RECORDING_HOST, sessionRecordingConfigured } from '@otc/sdk';

export { SESSION_RECORDING_CSP, SESSION_RECORDING_HOST };

/** The loader's address for a site id. */
export function loaderUrl(siteId: string): string {
  return `https://www.clarity.ms/tag/${encodeURIComponent(siteId)}`;
}

export interface RecordingConditions {
  /** Vite's mode: recording only in `production` (the default of a build). */
  mode: string;
  /** VITE_SESSION_RECORDING_SITE_ID. */
  siteId: string | undefined;
  /** navigator.doNotTrack (and the older window.doNotTrack). */
  doNotTrack: string | null | undefined;
  /** navigator.globalPrivacyControl. */
  globalPrivacyControl: boolean | undefined;
}

/** The gating rules: every condition must allow it. */
export function recordingAllowed(conditions: RecordingConditions): boolean {
  if (!sessionRecordingConfigured(conditions.mode === 'production', conditions.siteId)) return false;
  if (conditions.doNotTrack === '1' || conditions.doNotTrack === 'yes') return false;
  if (conditions.globalPrivacyControl === true) return false;
  return true;
}

type ClarityWindow = Window & {
  clarity?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  doNotTrack?: string;
};

/** The conditions of this browser and build. */
export function browserConditions(win: Window, mode: string, siteId: string | undefined): RecordingConditions {
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  return {
    mode,
    siteId,
    doNotTrack: nav.doNotTrack ?? (win as ClarityWindow).doNotTrack ?? null,
    globalPrivacyControl: nav.globalPrivacyControl,
  };
}

/**
 * Starts the recorder if the rules allow it: masks the page, queues the ad-storage refusal and
 * adds the recorder's own loader. Returns whether it started.
 */
export function startSessionRecording(
  win: Window = window,
  mode: string = import.meta.env.MODE,
  siteId: string | undefined = import.meta.env.VITE_SESSION_RECORDING_SITE_ID,
): boolean {
  if (!recordingAllowed(browserConditions(win, mode, siteId))) return false;
  const doc = win.document;
  if (doc.querySelector(`script[src="${loaderUrl(siteId as string)}"]`)) return true;
  doc.body.setAttribute('data-clarity-mask', 'true');
  const w = win as ClarityWindow;
  // Clarity's queue stub (what its snippet defines): calls wait until the recorder has loaded.
  const clarity =
    w.clarity ??
    Object.assign((...args: unknown[]) => {
      (clarity.q ??= []).push(args);
    }, {} as { q?: unknown[][] });
  w.clarity = clarity;
  clarity('consentv2', { ad_Storage: 'denied', analytics_Storage: 'granted' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = loaderUrl(siteId as string);
  doc.head.appendChild(script);
  return true;
}
