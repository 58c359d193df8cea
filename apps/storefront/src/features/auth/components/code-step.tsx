import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, MessageSquareText } from '@otc/ui/icons';
import { formatPhone } from '@otc/sdk';
import { Countdown, useWaitOver } from '@otc/ui';
import { useScriptsRunning } from '../../../lib/use-scripts-running';

export interface CodeStepProps {
  login: string;
  channel: 'email' | 'sms';
  /**
   * When another code may be asked for (epoch ms): the settings' countdown after each code. Null
   * when not known (a step drawn from its address): no countdown, the button at once.
   */
  resendAt: number | null;
  /** The settings' wait after each code, in seconds (said where no countdown runs). */
  resendSeconds: number;
  /** The form that asks for a new code (shown once the countdown is over). */
  resendForm: ReactNode;
  /** Step 1: the page again, "Change" with the login in its field. Each tells the flow first. */
  changeHref: string;
  startOverHref: string;
  onChangeLogin: () => void;
  onStartOver: () => void;
  /** The code form (sign in, create the account, or set a new password). */
  children: ReactNode;
}

const linkButton =
  'inline-flex min-h-11 items-center text-left font-semibold text-primary underline underline-offset-4 hover:no-underline ' +
  'rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** How a login reads on screen: a phone as +1 (202) 555-0101, an e-mail as typed. */
export function shownLogin(login: string): string {
  return login.includes('@') ? login.trim() : formatPhone(login) || login;
}

/**
 * Step 2 of a code flow: where the code went, the code form, a new code only after the
 * countdown (its seconds shown), and the ways back: change the e-mail or phone, or start over.
 * Without the scripts no countdown runs: the page says how long the wait is and shows the button
 * (the action refuses a press too early, saying how long is left).
 */
export function CodeStep({ login, channel, resendAt, resendSeconds, resendForm, changeHref, startOverHref, onChangeLogin, onStartOver, children }: CodeStepProps) {
  const { t } = useLingui();
  // A countdown only where it runs and knows when it ends.
  const counting = useScriptsRunning() && resendAt !== null;
  const [canResend, markCanResend] = useWaitOver(resendAt);
  const where = shownLogin(login);
  const Icon = channel === 'sms' ? MessageSquareText : Mail;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-start gap-3 rounded-xl bg-surface-2 p-4">
        <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <p className="min-w-0 text-lg [overflow-wrap:anywhere]">
          {channel === 'sms' ? (
            <Trans>
              We sent a 6-digit code by text message to <strong>{where}</strong>.
            </Trans>
          ) : (
            <Trans>
              We sent a 6-digit code by e-mail to <strong>{where}</strong>.
            </Trans>
          )}
        </p>
      </div>

      {children}

      <div className="flex flex-col gap-3 border-t border-border pt-5">
        <p className="font-semibold">
          <Trans>Did not get the code?</Trans>
        </p>
        {counting ? (
          <Countdown key={resendAt} until={resendAt ?? 0} onDone={markCanResend} className="text-muted">
            {(seconds) =>
              seconds > 0
                ? plural(seconds, {
                    one: 'You can ask for a new code in # second.',
                    other: 'You can ask for a new code in # seconds.',
                  })
                : t`You can ask for a new code now.`
            }
          </Countdown>
        ) : (
          <p className="text-muted">
            {plural(resendSeconds, {
              one: 'You can ask for a new code # second after the last one.',
              other: 'You can ask for a new code # seconds after the last one.',
            })}
          </p>
        )}
        {canResend || !counting ? resendForm : null}
        <div className="flex flex-col items-start gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
          <Link to={changeHref} replace className={linkButton} onClick={onChangeLogin}>
            {channel === 'sms' ? <Trans>Change the phone number</Trans> : <Trans>Change the e-mail address</Trans>}
          </Link>
          <Link to={startOverHref} replace className={linkButton} onClick={onStartOver}>
            <Trans>Start over</Trans>
          </Link>
        </div>
      </div>
    </div>
  );
}
