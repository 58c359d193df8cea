/// <reference types="vite/client" />

/** Id of the running build; `version.json` holds the id of the newest one. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_VERSION_POLL_MINUTES?: string;
  /** Public site id of the session recorder (Microsoft Clarity); unset: no recording. */
  readonly VITE_SESSION_RECORDING_SITE_ID?: string;
}
