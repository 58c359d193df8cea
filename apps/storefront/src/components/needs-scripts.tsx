// What a page says where a part of it needs the scripts and they do not run (JavaScript off, or
// not loaded): what to do instead, rather than buttons that do nothing (issue 29). A <noscript>:
// drawn by the server, never by the app in the browser.
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Notice } from '@otc/ui';
import { AppLink } from './app-link';

/** `what`: the part that needs the scripts ("Changing your e-mail addresses"). */
export function NeedsScripts({ what }: { what: ReactNode }) {
  return (
    <noscript>
      <Notice tone="info" title={what} live={false}>
        <Trans>
          This needs JavaScript, which is off in this browser. Turn it on and load the page again,
          or{' '}
          <AppLink to="/contacts" className="font-semibold underline underline-offset-2">
            contact us
          </AppLink>{' '}
          and we will make the change for you.
        </Trans>
      </Notice>
    </noscript>
  );
}
