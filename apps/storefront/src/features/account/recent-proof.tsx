// Recent proof, asked in place. A change that could take the account (set a password without the
// current one, add, verify, make primary or remove an e-mail or phone) answers 403
// `recent_proof_required` unless this session signed in a few minutes ago or proved it is the
// owner. `useRecentProof` wraps such a call: on that answer it opens "Confirm it is you" (the
// password, or a code sent to the primary contact) and, once proven, runs the SAME call again,
// so what the member typed is sent as it was. Closed without proving, the first answer stands
// (the form shows why nothing changed). Errors are told by code, texts from the SDK catalogue.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useSubmitToAction } from '../../kernel/page-form';
import type { SdkQueryError } from '../../lib/api';
import { Controller } from 'react-hook-form';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, MessageSquareText } from 'lucide-react';
import {
  contactVerifySchema,
  proofInputSchema,
  resolveLocaleTag,
  type ProofStatus,
} from '@otc/sdk';
import { Button, Countdown, Dialog, Notice, OneTimeCodeInput, Spinner, TextField } from '@otc/ui';
import { useGetSettingsQuery } from '../../kernel/settings-api';
import { apiErrorText } from '../../lib/form-messages';
import type { Locale } from '../../lib/locale';
import { useShopForm } from '../../lib/shop-form';
import { useLocale } from '../../lib/use-locale';
import {
  useProofStatusQuery,
  useProveMutation,
  useRequestProofCodeMutation,
  type WaitError,
} from './account-api';
import { callError, formFailureText, type CallResult } from './form-result';
import { onServer } from '../../lib/on-server';

/** The code the API answers when a change needs a recent proof first. */
export const RECENT_PROOF_REQUIRED = 'recent_proof_required';

/**
 * A wait in the page's language, in the largest whole unit that reads well ("45 seconds",
 * "3 minutes", "2 horas"), through Intl with the SDK's locale tags.
 */
export function waitText(seconds: number, locale: Locale): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 2 * 60 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(resolveLocaleTag(locale), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}

export interface RecentProof {
  /**
   * Runs `call`; when it answers `recent_proof_required`, asks the member to confirm it is them
   * and, once proven, runs `call` again (same values). Resolves with the answer to show: the
   * retry's, or the first one when the dialog was closed without proving.
   */
  withProof: <R extends CallResult<unknown>>(call: () => PromiseLike<R>) => Promise<R>;
  /** The dialog; render it once beside the form that uses `withProof`. */
  dialog: ReactNode;
}

/** One proof asked at a time per form: the call that waits for it and how it ends. */
interface Pending {
  settle: (proven: boolean) => void;
}

/** THE way an account form asks for recent proof (contacts, password): see `RecentProof`. */
export function useRecentProof(): RecentProof {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const withProof = useCallback(
    async <R extends CallResult<unknown>>(call: () => PromiseLike<R>) => {
      const first = await call();
      if (callError(first)?.code !== RECENT_PROOF_REQUIRED) return first;
      const proven = await new Promise<boolean>((resolve) => {
        // A proof still asked for (should not happen: the dialog is modal) ends unproven.
        pendingRef.current?.settle(false);
        const next: Pending = {
          settle: (value) => {
            if (pendingRef.current !== next) return;
            pendingRef.current = null;
            setPending(null);
            resolve(value);
          },
        };
        pendingRef.current = next;
        setPending(next);
      });
      // Asked once per change: a retry refused again shows its answer, it does not loop.
      return proven ? call() : first;
    },
    [],
  );

  const dialog = pending ? (
    <ProofDialog onProven={() => pending.settle(true)} onClose={() => pending.settle(false)} />
  ) : null;
  return { withProof, dialog };
}

/** `useRecentProof` for a form posted to its route's action: see `useProvenPost`. */
export interface ProvenPost {
  /** Call as the form is posted (the element the retry posts again). */
  sending: (form: HTMLFormElement | null) => void;
  /**
   * Call with a post's refusal: true when it asked for a recent proof and the dialog opens (once
   * proven, the same form is posted again); false when the refusal is the form's to show.
   */
  asks: (error: SdkQueryError | undefined) => boolean;
  /** The dialog; render it once beside the form. */
  dialog: ReactNode;
}

/**
 * A page form's recent proof (the form posts to its route's action): its refusal
 * `recent_proof_required` opens "Confirm it is you" and, once proven, the SAME form is posted
 * again, so what the member typed is sent as it was. Asked once per post; closed without proving,
 * `onUnproven` shows the first answer.
 */
export function useProvenPost(onUnproven: () => void): ProvenPost {
  const submitToAction = useSubmitToAction();
  const [proving, setProving] = useState(false);
  const sent = useRef<HTMLFormElement | null>(null);
  // Asked once per change: a retry refused again shows its answer, it does not loop.
  const retried = useRef(false);
  const sending = useCallback((form: HTMLFormElement | null) => {
    sent.current = form;
    retried.current = false;
  }, []);
  const asks = useCallback((error: SdkQueryError | undefined) => {
    if (error?.code !== RECENT_PROOF_REQUIRED || !sent.current || retried.current) return false;
    setProving(true);
    return true;
  }, []);
  const dialog = proving ? (
    <ProofDialog
      onProven={() => {
        setProving(false);
        retried.current = true;
        if (sent.current?.isConnected) void submitToAction(sent.current);
      }}
      onClose={() => {
        setProving(false);
        onUnproven();
      }}
    />
  ) : null;
  return { sending, asks, dialog };
}

type View = { name: 'choose' } | { name: 'code'; resendAt: number };

/**
 * "Confirm it is you": the password (when the account has one) or a code sent to the primary
 * contact. Focus goes into it on open and back to what opened it on close (Dialog); Escape closes.
 */
export function ProofDialog({ onProven, onClose }: { onProven: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const status = useProofStatusQuery({ locale }, { refetchOnMountOrArgChange: !onServer });
  const [view, setView] = useState<View>({ name: 'choose' });

  return (
    <Dialog open onClose={onClose} title={t`Confirm it is you`} closeLabel={t`Close`} size="sm">
      {status.data ? (
        view.name === 'code' ? (
          <ProofCodeStep
            status={status.data}
            resendAt={view.resendAt}
            onResent={(resendAt) => setView({ name: 'code', resendAt })}
            onUsePassword={() => setView({ name: 'choose' })}
            onProven={onProven}
          />
        ) : (
          <ProofChoice
            status={status.data}
            onCodeSent={(resendAt) => setView({ name: 'code', resendAt })}
            onProven={onProven}
          />
        )
      ) : status.isError ? (
        <div className="flex flex-col gap-4">
          <Notice tone="error">{apiErrorText(locale, status.error as WaitError)}</Notice>
          <Button onClick={() => void status.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-3">
          <Spinner size="sm" />
          <Trans>Loading…</Trans>
        </p>
      )}
    </Dialog>
  );
}

/** What a member reads for a failed proof call: the wait of a lock, else the catalogue's text. */
function useProofFailureText() {
  const { t } = useLingui();
  const locale = useLocale();
  return useCallback(
    (error: WaitError): string => {
      if (error.code === 'too_many_requests' && error.retryAfterSeconds) {
        const wait = waitText(error.retryAfterSeconds, locale);
        return t`Too many tries. For your security, please wait ${wait} and try again.`;
      }
      return apiErrorText(locale, error);
    },
    [locale, t],
  );
}

/** Asks for a proof code; resolves with when another may be asked for, or sets the failure. */
function useSendProofCode(onFailure: (text: string) => void) {
  const locale = useLocale();
  const failureText = useProofFailureText();
  const { data: settings } = useGetSettingsQuery();
  const [request, requesting] = useRequestProofCodeMutation();
  const send = useCallback(async (): Promise<number | null> => {
    const result = await request({ locale });
    const error = callError(result) as WaitError | undefined;
    if (error?.code === 'resend_too_soon') {
      // A code went out a moment ago and still works: type that one.
      return Date.now() + (error.retryAfterSeconds ?? settings?.codeResendSeconds ?? 60) * 1000;
    }
    if (error) {
      onFailure(failureText(error));
      return null;
    }
    return Date.now() + (result.data?.resendIn ?? settings?.codeResendSeconds ?? 60) * 1000;
  }, [request, locale, settings, failureText, onFailure]);
  return { send, sending: requesting.isLoading };
}

function ProofChoice({
  status,
  onCodeSent,
  onProven,
}: {
  status: ProofStatus;
  onCodeSent: (resendAt: number) => void;
  onProven: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const failureText = useProofFailureText();
  const [prove, proving] = useProveMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { send, sending } = useSendProofCode(setFailure);
  const form = useShopForm(proofInputSchema, { defaultValues: { password: '' } });
  const withPassword = status.methods.includes('password');
  const codeTo = status.codeTo;

  const onSubmit = form.submit(async ({ password }) => {
    setFailure(null);
    if (!password) {
      form.setError('password', { type: 'required', message: 'required' }, { shouldFocus: true });
      return;
    }
    const error = callError(await prove({ locale, body: { password } })) as WaitError | undefined;
    if (!error) {
      onProven();
      return;
    }
    if (error.code === 'current_password_incorrect' || error.code === 'invalid_credentials') {
      form.setError(
        'password',
        { type: 'server', message: 'current_password_incorrect' },
        { shouldFocus: true },
      );
      return;
    }
    if (error.code === 'too_many_requests') {
      form.setError(
        'password',
        { type: 'server', message: failureText(error) },
        { shouldFocus: true },
      );
      return;
    }
    setFailure(formFailureText(locale, error, form.applyServerErrors));
  });

  async function onSendCode() {
    setFailure(null);
    const resendAt = await send();
    if (resendAt !== null) onCodeSent(resendAt);
  }

  const sendLabel = t`Send a code to ${codeTo}`;
  return (
    <div className="flex flex-col gap-5">
      <p>
        <Trans>For your security, please confirm it is you before this change is made.</Trans>
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {withPassword ? (
        <>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <TextField
              label={t`Enter your password`}
              type="password"
              autoComplete="current-password"
              autoFocus
              required
              {...form.field('password')}
            />
            <Button type="submit" loading={proving.isLoading} loadingLabel={t`Checking`}>
              <Trans>Confirm</Trans>
            </Button>
          </form>
          <p className="text-center font-semibold text-muted">
            <Trans>or</Trans>
          </p>
          <Button
            variant="secondary"
            loading={sending}
            loadingLabel={t`Sending`}
            onClick={() => void onSendCode()}
          >
            <span className="[overflow-wrap:anywhere]">{sendLabel}</span>
          </Button>
        </>
      ) : (
        <>
          <p>
            {status.codeChannel === 'sms' ? (
              <Trans>
                We will send a 6-digit code by text message to <strong>{codeTo}</strong>.
              </Trans>
            ) : (
              <Trans>
                We will send a 6-digit code by e-mail to{' '}
                <strong className="[overflow-wrap:anywhere]">{codeTo}</strong>.
              </Trans>
            )}
          </p>
          <Button
            autoFocus
            loading={sending}
            loadingLabel={t`Sending`}
            onClick={() => void onSendCode()}
          >
            <span className="[overflow-wrap:anywhere]">{sendLabel}</span>
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * The code step, like the sign-in page's (same words, same pieces: the one-time code box and the
 * resend countdown): where the code went, the 6 digits, a new code only after the countdown.
 */
function ProofCodeStep({
  status,
  resendAt,
  onResent,
  onUsePassword,
  onProven,
}: {
  status: ProofStatus;
  resendAt: number;
  onResent: (resendAt: number) => void;
  onUsePassword: () => void;
  onProven: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const failureText = useProofFailureText();
  const [prove, proving] = useProveMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { send, sending } = useSendProofCode(setFailure);
  const [canResend, setCanResend] = useState(() => resendAt <= Date.now());
  const [seenResendAt, setSeenResendAt] = useState(resendAt);
  if (seenResendAt !== resendAt) {
    // A new code was sent: wait again.
    setSeenResendAt(resendAt);
    setCanResend(resendAt <= Date.now());
  }
  const form = useShopForm(contactVerifySchema, { defaultValues: { code: '' } });
  const where = status.codeTo;
  const Icon = status.codeChannel === 'sms' ? MessageSquareText : Mail;

  const onSubmit = form.submit(async ({ code }) => {
    setFailure(null);
    const error = callError(await prove({ locale, body: { code } })) as WaitError | undefined;
    if (!error) {
      onProven();
      return;
    }
    if (error.code === 'invalid_code' || error.code === 'code_attempts_exceeded') {
      form.setError('code', { type: 'server', message: error.code }, { shouldFocus: true });
      return;
    }
    if (error.code === 'too_many_requests') {
      form.setError('code', { type: 'server', message: failureText(error) }, { shouldFocus: true });
      return;
    }
    setFailure(formFailureText(locale, error, form.applyServerErrors));
  });

  async function onResend() {
    setFailure(null);
    const next = await send();
    if (next !== null) {
      form.reset({ code: '' });
      onResent(next);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-xl bg-surface-2 p-4">
        <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <p className="min-w-0 text-lg [overflow-wrap:anywhere]">
          {status.codeChannel === 'sms' ? (
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
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <OneTimeCodeInput
              ref={field.ref}
              name={field.name}
              label={t`Code`}
              hint={t`Type the 6 digits, or paste them.`}
              autoFocus
              required
              value={field.value ?? ''}
              onChange={field.onChange}
              onComplete={() => void onSubmit()}
              error={form.fieldError('code')}
            />
          )}
        />
        <Button type="submit" loading={proving.isLoading} loadingLabel={t`Checking`}>
          <Trans>Confirm</Trans>
        </Button>
      </form>
      <div className="flex flex-col gap-3 border-t border-border pt-5">
        <p className="font-semibold">
          <Trans>Did not get the code?</Trans>
        </p>
        <Countdown
          key={resendAt}
          until={resendAt}
          onDone={() => setCanResend(true)}
          className="text-muted"
        >
          {(seconds) =>
            seconds > 0
              ? plural(seconds, {
                  one: 'You can ask for a new code in # second.',
                  other: 'You can ask for a new code in # seconds.',
                })
              : t`You can ask for a new code now.`
          }
        </Countdown>
        {canResend ? (
          <Button
            variant="secondary"
            onClick={() => void onResend()}
            loading={sending}
            loadingLabel={t`Sending`}
          >
            <Trans>Send a new code</Trans>
          </Button>
        ) : null}
        {status.methods.includes('password') ? (
          <Button variant="link" size="sm" className="self-start" onClick={onUsePassword}>
            <Trans>Use your password instead</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
