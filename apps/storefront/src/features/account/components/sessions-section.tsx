import { useEffect, useId, useState } from 'react';
import { Form, useActionData, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, MonitorSmartphone } from '@otc/ui/icons';
import { formatDate, parseIsoDate, resolveLocaleTag } from '@otc/sdk';
import { Badge, Button, ConfirmButton, Notice, Skeleton, VisuallyHidden } from '@otc/ui';
import { useAppDispatch } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { signedOut } from '../../../kernel/session-slice';
import { CsrfField, FailureNotice, type FormFailure } from '../../../kernel/page-form';
import { AccountSection } from '../../../components/account-layout';
import { apiErrorText } from '../../../lib/form-messages';
import type { Locale } from '../../../lib/locale';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import {
  useEndSessionMutation,
  useSessionsQuery,
  useSignOutEverywhereMutation,
  type AccountSession,
  type WaitError,
} from '../account-api';
import { callError } from '../form-result';
import { onServer } from '../../../lib/on-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a session was last used, for a person: `now` (under a minute), a relative time up to a
 * week ("5 minutes ago", "yesterday", "hace 3 días", through Intl in the SDK's locale tags), else
 * the date (the SDK's `formatDate`).
 */
export function lastUsedOf(
  iso: string,
  locale: Locale,
  now: number = Date.now(),
): { kind: 'now' } | { kind: 'ago'; text: string } | { kind: 'date'; text: string } {
  const date = parseIsoDate(iso);
  const elapsed = date ? now - date.getTime() : Number.NaN;
  if (!Number.isFinite(elapsed) || elapsed >= 7 * DAY) {
    return { kind: 'date', text: formatDate(iso, locale, { dateStyle: 'long' }) };
  }
  if (elapsed < MINUTE) return { kind: 'now' };
  const relative = new Intl.RelativeTimeFormat(resolveLocaleTag(locale), { numeric: 'auto' });
  const text =
    elapsed < HOUR
      ? relative.format(-Math.floor(elapsed / MINUTE), 'minute')
      : elapsed < DAY
        ? relative.format(-Math.floor(elapsed / HOUR), 'hour')
        : relative.format(-Math.floor(elapsed / DAY), 'day');
  return { kind: 'ago', text };
}

/** The intent of "Sign out of all devices" posted to the page's action (without the scripts). */
export const SIGN_OUT_EVERYWHERE = 'sign-out-everywhere';

/** What the action answers when it could not sign out everywhere (else it leads to the sign-in). */
export type SignOutEverywhereAnswer = FormFailure & { intent: typeof SIGN_OUT_EVERYWHERE };

/** How old a shown list of devices may be before it is asked for again. */
const SESSIONS_FRESH_SECONDS = 30;

/**
 * "Where you are signed in": the customer's sessions (this device marked), a "Sign out" for each
 * other one (a second tap confirms; the result said politely, the focus kept on the list), and
 * "Sign out of all devices", this one too: then the sign-in page, with a notice saying why.
 */
export function SessionsSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const headingId = 'security-sessions';
  const statusId = useId();
  // Asked again when the list shown is older than half a minute (a device may have gone since);
  // the list the page arrived with is as fresh as the page. Never by the server's render: the
  // page's loader brought it, and a refetch the render started would be left running.
  const sessions = useSessionsQuery({ locale }, { refetchOnMountOrArgChange: onServer ? false : SESSIONS_FRESH_SECONDS });
  const [endSession, ending] = useEndSessionMutation();
  const [signOutEverywhere, signingOut] = useSignOutEverywhereMutation();
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const answer = useActionData<SignOutEverywhereAnswer | object | undefined>();
  const refused = answer && 'intent' in answer && answer.intent === SIGN_OUT_EVERYWHERE ? answer : undefined;
  // A refusal of the post sent without the scripts is drawn by the server with the page.
  const [problem, setProblem] = useState<string | null>(() => (refused ? apiErrorText(locale, refused.error) : null));
  /** After a session ended, where the focus goes once the list is drawn again. */
  const [focusNext, setFocusNext] = useState<{ id: string | null } | null>(null);

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  const deviceOf = (session: AccountSession) => session.device ?? t`Unknown device`;

  useEffect(() => {
    if (!focusNext) return;
    const button = focusNext.id
      ? document.querySelector<HTMLElement>(`[data-session-id="${focusNext.id}"]`)
      : null;
    const target = button ?? document.getElementById(headingId);
    if (target) {
      if (!button) target.setAttribute('tabindex', '-1');
      target.focus();
    }
    setFocusNext(null);
  }, [focusNext, sessions.data]);

  async function onEnd(session: AccountSession) {
    setProblem(null);
    setAnnouncement(null);
    // The next other session's button takes the focus (else the one before, else the heading).
    const index = others.findIndex((other) => other.id === session.id);
    const neighbour = others[index + 1] ?? others[index - 1] ?? null;
    const error = callError(await endSession({ locale, id: session.id }));
    if (error) {
      setProblem(apiErrorText(locale, error));
      return;
    }
    const device = deviceOf(session);
    setAnnouncement(t`${device} is signed out.`);
    setFocusNext({ id: neighbour?.id ?? null });
  }

  async function onSignOutEverywhere() {
    setProblem(null);
    setAnnouncement(null);
    const error = callError(await signOutEverywhere({ locale }));
    if (error) {
      setProblem(apiErrorText(locale, error));
      return;
    }
    // The SDK forgot this device's tokens: the store follows, and the sign-in page says why.
    dispatch(signedOut());
    notify(dispatch, {
      id: 'signed-out-everywhere',
      title: t`You are signed out on all devices`,
      description: t`This device was signed out too. Please sign in again to continue.`,
      icon: 'info',
      color: 'primary',
      timeout: 0,
    });
    const query = new URLSearchParams({ redirect: localize('/account/security') });
    void navigate(`${localize('/login')}?${query.toString()}`, { replace: true });
  }

  return (
    <AccountSection id={headingId} title={<Trans>Where you are signed in</Trans>}>
      <p className="text-lg">
        <Trans>
          These are the devices where your account is signed in now. If you do not know one of them,
          sign it out and change your password.
        </Trans>
      </p>
      <div id={statusId} role="status" aria-live="polite" aria-atomic="true">
        {announcement ? (
          <Notice tone="success" live={false}>
            {announcement}
          </Notice>
        ) : null}
      </div>
      {problem ? <FailureNotice>{problem}</FailureNotice> : null}
      {sessions.isError && !sessions.data ? (
        <Notice
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          {apiErrorText(locale, sessions.error as WaitError)}
        </Notice>
      ) : !sessions.data ? (
        <div className="flex flex-col gap-3">
          <p className="sr-only" role="status">
            <Trans>Loading…</Trans>
          </p>
          <Skeleton className="h-20 w-full rounded-xl" />
          <Skeleton className="h-20 w-full rounded-xl" />
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              device={deviceOf(session)}
              ending={ending.isLoading && ending.originalArgs?.id === session.id}
              onEnd={() => void onEnd(session)}
            />
          ))}
        </ul>
      )}
      {sessions.data ? (
        <div className="flex flex-col items-start gap-2 border-t border-border pt-4">
          <p className="text-muted">
            <Trans>
              Signing out of all devices signs this one out too. You will be asked to sign in again.
            </Trans>
          </p>
          {/* Without the scripts one press posts it to the page's action. */}
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value={SIGN_OUT_EVERYWHERE} />
            <ConfirmButton
              variant="secondary"
              submitsForm
              loading={signingOut.isLoading}
              label={
                <>
                  <LogOut aria-hidden="true" className="size-5" />
                  <Trans>Sign out of all devices</Trans>
                </>
              }
              confirmLabel={<Trans>Press again to sign out everywhere</Trans>}
              onConfirm={() => void onSignOutEverywhere()}
            />
          </Form>
        </div>
      ) : null}
    </AccountSection>
  );
}

function SessionRow({
  session,
  device,
  ending,
  onEnd,
}: {
  session: AccountSession;
  device: string;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const signedInOn = formatDate(session.createdAt, locale, { dateStyle: 'long' });
  const lastUsed = lastUsedOf(session.lastUsedAt, locale);
  const lastUsedText = lastUsed.kind === 'now' ? null : lastUsed.text;
  // Which device a row's button signs out, for a screen reader's list of buttons (a member may
  // have many "Chrome · Android"): the device and when it was last used.
  const which =
    lastUsed.kind === 'now'
      ? t`${device}, last used just now`
      : lastUsed.kind === 'ago'
        ? t`${device}, last used ${lastUsedText}`
        : t`${device}, last used on ${lastUsedText}`;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-3">
        <MonitorSmartphone aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold [overflow-wrap:anywhere]">{device}</span>
            {session.current ? (
              <Badge tone="primary">
                <Trans>This device</Trans>
              </Badge>
            ) : null}
          </span>
          <span>
            <Trans>Signed in on {signedInOn}</Trans>
          </span>
          <span className="text-muted">
            {lastUsed.kind === 'now' ? (
              <Trans>Last used just now</Trans>
            ) : lastUsed.kind === 'ago' ? (
              <Trans>Last used {lastUsedText}</Trans>
            ) : (
              <Trans>Last used on {lastUsedText}</Trans>
            )}
          </span>
        </div>
      </div>
      {session.current ? null : (
        <ConfirmButton
          size="sm"
          variant="secondary"
          data-session-id={session.id}
          loading={ending}
          label={
            <>
              <Trans>Sign out</Trans>
              <VisuallyHidden> {which}</VisuallyHidden>
            </>
          }
          confirmLabel={
            <>
              <Trans>Press again to sign out</Trans>
              <VisuallyHidden> {which}</VisuallyHidden>
            </>
          }
          onConfirm={onEnd}
        />
      )}
    </li>
  );
}
