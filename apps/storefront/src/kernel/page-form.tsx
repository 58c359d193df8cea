// Forms that work before and without the scripts (issue 29): a page's form is a react-router
// `<Form method="post">` (or a fetcher's) posting to its route's action. Without the scripts the
// browser posts it to the server, which runs the same action for the visitor and draws the page
// again (or answers its redirect); with them the action runs here. What an action answers when a
// post fails is a `FormFailure`: what was typed (never a password) and the SDK's error, drawn by
// the page on either side.
import { useCallback, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { data, useSubmit } from 'react-router';
import { fieldIssueFromZod, type ZodIssueLike } from '@otc/sdk/validation';
import { Notice, cn, type NoticeProps } from '@otc/ui';
import { useAppSelector } from './hooks';
import { selectCsrfToken } from './session-slice';
import { toQueryError, type SdkQueryError } from '../lib/api';
import { onServer } from '../lib/on-server';

/** The name of the hidden field that carries the CSRF token (docs/web-session.md). */
export const CSRF_FIELD_NAME = '_csrf';

/** What a failed post answers: the fields as typed (no password) and why it failed. */
export interface FormFailure<V extends Record<string, string> = Record<string, string>> {
  values: Partial<V>;
  error: SdkQueryError;
}

/**
 * An action's answer to a failed post: the page is drawn again with it (with the error's HTTP
 * status without scripts). `error` as an endpoint's `initiate` answers it; `more` is what else the
 * page needs to draw the form again (a step it was on).
 */
export function formFailure<V extends Record<string, string>, M extends object = object>(
  values: Partial<V>,
  failed: unknown,
  more?: M,
) {
  const error = asQueryError(failed);
  const status = typeof error.status === 'number' && error.status >= 400 ? error.status : 503;
  return data<FormFailure<V> & M>({ ...(more as M), values, error }, { status });
}

/** A post's text fields by name (absent ones left out). */
export function textFields<K extends string>(
  form: FormData,
  names: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * The CSRF token of the visitor's cookie, for a post sent before or without the scripts (with
 * them the SDK sends it as a header). Drawn only when the visitor holds a cookie.
 */
export function CsrfField() {
  const token = useAppSelector(selectCsrfToken);
  return token ? <input type="hidden" name={CSRF_FIELD_NAME} value={token} /> : null;
}

/**
 * A react-hook-form submit handler's way on: the checked form is posted to its route's action
 * (`useSubmit` with the form element: its fields, its method and its action address).
 */
export function useSubmitToAction(): (form: HTMLFormElement) => Promise<void> {
  const submit = useSubmit();
  return useCallback((form: HTMLFormElement) => submit(form), [submit]);
}

/**
 * A page form's `onSubmit`: the form's own checks first (`check`, react-hook-form's `submit` of
 * useShopForm, given the post to run when they pass), then the post to the route's action. Without
 * the scripts the browser posts the form itself and the action checks it (`parsePosted`).
 */
export function useCheckedPost(
  check: (post: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => Promise<void>,
): (event: FormEvent<HTMLFormElement>) => void {
  const submitToAction = useSubmitToAction();
  return (event) => {
    // The form element, read now: React clears currentTarget once the event is handled.
    const element = event.currentTarget;
    event.preventDefault();
    void check(() => submitToAction(element))(event);
  };
}

/**
 * A form's refusal that names none of its fields, above or in the form: an alert, said once as it
 * appears (the password sign-in's notice). A field's refusal is said by the focus moving to it, or
 * by the form's `LiveMessage` when it has the focus already (`useShopForm`). A page the server
 * drew after a post sent without the scripts says nothing as it loads: there the notice has the
 * focus (`autofocus`), so it is read once too.
 */
export function FailureNotice({
  className,
  focusOnLoad = true,
  ...rest
}: Omit<NoticeProps, 'tone'> & {
  /** False when a field of the form is refused too: that field has the focus as the page loads. */
  focusOnLoad?: boolean;
}) {
  return (
    <Notice
      tone="error"
      tabIndex={-1}
      {...(onServer && focusOnLoad ? { autoFocus: true } : {})}
      className={cn('scroll-mt-24 outline-none', className)}
      {...rest}
    />
  );
}

/**
 * What the forms' asterisk means, said before the fields that carry it (a screen reader hears
 * "required" from the fields themselves; a sighted reader needs the words).
 */
export function RequiredFieldsNote({ id }: { id?: string }) {
  return (
    <p id={id} className="text-muted">
      <Trans>Fields marked with * are required.</Trans>
    </p>
  );
}

/** An endpoint's error as the pages read it (RTK Query's own, for a throw, becomes one too). */
function asQueryError(failed: unknown): SdkQueryError {
  if (failed && typeof failed === 'object' && 'status' in failed) return failed as SdkQueryError;
  return toQueryError(failed);
}

/** A contract schema (zod 4, as the SDK exports them) that can check a post. */
interface PostSchema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: (ZodIssueLike & { path: readonly PropertyKey[] })[] } };
}

/**
 * A post's fields checked by the contract's schema, as the form checks them with the scripts, and
 * turned as it turns them (a phone to its ten digits): a form sent without the scripts was never
 * checked. A refusal is the 422 the API would answer (a catalogue code per field).
 */
export function parsePosted<T>(schema: PostSchema<T>, posted: unknown): { data: T } | { error: SdkQueryError } {
  const result = schema.safeParse(posted);
  if (result.success) return { data: result.data };
  const fieldCodes: NonNullable<SdkQueryError['fieldCodes']> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    fieldCodes[key] ??= fieldIssueFromZod(issue);
  }
  return { error: { status: 422, code: 'validation_failed', message: 'validation_failed', fieldCodes } };
}
