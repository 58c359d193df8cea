// The ONE way the shop's forms validate: react-hook-form with the zod resolver over the SDK's
// contract schemas (the same ones the API checks with), field failures turned into catalogue
// codes by the SDK's `fieldIssueFromZod`, shown in the page's language, 300 ms after the last
// edit (spec section 5). A 422 from the API lands under its fields by code. Nothing the person
// typed is cleared by a failure.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FORM_VALIDATION_DEBOUNCE_MS, errorText, isErrorCode } from '@otc/sdk';
import { fieldIssueFromZod } from '@otc/sdk/validation';
import { describedErrorText, type SpokenMessage } from '@otc/ui';
import type { SdkQueryError } from './api';
import { onServer } from './on-server';
import { fieldFailureTexts } from './form-messages';
import { useLocale } from './use-locale';
import type { Locale } from './locale';

/** A zod 4 schema (classic or mini), as the SDK exports them. */
interface AnySchema {
  _zod: { input: unknown; output: unknown };
}
type Input<S extends AnySchema> = S['_zod']['input'];
type Output<S extends AnySchema> = S['_zod']['output'];

/**
 * The message a failed check leaves in the form: a catalogue code when the code's text needs no
 * params (translated when shown, so a language switch re-translates it), else the text already in
 * `locale` (e.g. `too_long` with its `{max}`).
 */
export function issueMessage(issue: Parameters<typeof fieldIssueFromZod>[0], locale: Locale): string {
  const found = fieldIssueFromZod(issue);
  return found.params ? errorText(found.code, locale, found.params) : found.code;
}

/** What a person reads for a form message: a code's catalogue text, or the text as it is. */
export function formMessageText(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return undefined;
  return isErrorCode(message) ? errorText(message, locale) : message;
}

/** The controls a refused submit can focus: marked invalid, or the first radio of an invalid group. */
const INVALID_CONTROL = [
  'input[aria-invalid="true"]:not(:disabled)',
  'select[aria-invalid="true"]:not(:disabled)',
  'textarea[aria-invalid="true"]:not(:disabled)',
  'fieldset[aria-invalid="true"] input:not(:disabled)',
].join(', ');

/**
 * After a refused submit, once the errors are drawn: the focus goes to the first invalid control
 * of `form` in the order they are on screen (a person reads the first problem first, and a screen
 * reader says the field with its error); without the form (a submit called from code) or with
 * nothing marked, `fallback` focuses the first field with an error.
 *
 * The ONE way a form says its errors (WCAG 4.1.3, 3.3.1): the focus moving to the field says it.
 * When the field already has the focus (Enter pressed in it), moving it says nothing, so `say`
 * is given the field's error to say in the form's live region (`LiveMessage`): said once either
 * way, in the page's language (the text drawn under the field).
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  fallback: () => void,
  say?: (text: string) => void,
  invalidNames: readonly string[] = [],
): void {
  requestAnimationFrame(() => {
    const before = document.activeElement;
    // The fields the check refused count by name too: on a busy machine the frame can come before
    // the render that marks them, and a field marked earlier (left on blur) further down the form
    // took the focus (CI at 6b4dab8: the phone over the e-mail above it).
    const marked = form ? [...form.querySelectorAll<HTMLElement>(INVALID_CONTROL)] : [];
    const named = form
      ? invalidNames.flatMap((name) => {
          const found = form.querySelector<HTMLElement>(`[name="${name.replace(/["\\]/g, '\\$&')}"]:not([type="hidden"]):not(:disabled)`);
          return found ? [found] : [];
        })
      : [];
    const control = [...marked, ...named].sort((a, b) =>
      a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    )[0];
    if (control) control.focus();
    else fallback();
    const now = document.activeElement;
    if (say && now && now === before && now !== document.body) sayWhenDrawn(now, say);
  });
}

/**
 * Says the error that describes `control` once React has drawn it: on a busy machine the frame
 * can come before the render that adds the error under the field (CI at 9fcbb7c), so it looks
 * again for up to a second of frames.
 */
function sayWhenDrawn(control: Element, say: (text: string) => void, framesLeft = 60): void {
  const text = describedErrorText(control);
  if (text) say(text);
  else if (framesLeft > 0) requestAnimationFrame(() => sayWhenDrawn(control, say, framesLeft - 1));
}

/**
 * When the focused control of a form is partly off screen (the layout moved under it), scrolls it
 * back whole into view. A control the reader scrolled away from entirely stays where it is.
 */
export function keepFocusedInView(): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !active.closest('form')) return;
  const rect = active.getBoundingClientRect();
  const partlyVisible = rect.bottom > 0 && rect.top < window.innerHeight;
  const whole = rect.top >= 0 && rect.bottom <= window.innerHeight;
  if (partlyVisible && !whole) active.scrollIntoView({ block: 'nearest' });
}

/**
 * What a form says in its `LiveMessage`: `say(text)` (the same words again are heard again),
 * `hush()` before the next try.
 */
export function useSpoken() {
  const [spoken, setSpoken] = useState<SpokenMessage | null>(null);
  // Never reset: a message said after `hush` is a new node even when both are drawn at once.
  const said = useRef(0);
  const say = useCallback((text: string) => setSpoken({ text, key: (said.current += 1) }), []);
  const hush = useCallback(() => setSpoken(null), []);
  return { spoken, say, hush };
}

export interface ShopFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** Extra react-hook-form options (e.g. `values` to follow data that loads later). */
  form?: Omit<UseFormProps<T>, 'resolver' | 'defaultValues' | 'mode' | 'reValidateMode' | 'delayError'>;
  /**
   * The refusal of the form's last post (a route action's answer): its 422 fields are drawn
   * under them from the first render, on the server too (a page drawn after a post sent without
   * the scripts), until the field is changed. `applyServerErrors` still gives them to the form.
   */
  serverError?: SdkQueryError;
}

/**
 * `useShopForm(schema, { defaultValues })`: react-hook-form checked by `schema` (an SDK schema,
 * usually a contract body or one built from the SDK's validators). Returns the form plus:
 * - `fieldError(name)`: the field's message in the page's language;
 * - `field(name)`: `register(name)` plus `error`, for `<TextField {...field('city')} label=… />`;
 * - `applyServerErrors(error)`: puts a 422's field codes under their fields; false when none of
 *   the form's fields was named (show the call's error instead);
 * - `submit(onValid, onInvalid?)`: a submit handler that never runs twice at once (double click,
 *   Enter held); when the schema refuses the values, `onInvalid` adds the form's own checks and
 *   the focus goes to the first invalid field on screen (or its error is said where the focus is);
 * - `showInvalid()`: the same after the form's own `setError` calls (without `shouldFocus`);
 * - `spoken`: what the form said where the focus already was, for its `<LiveMessage>` (every
 *   form draws one); `say(text)` says more there.
 */
export function useShopForm<S extends AnySchema>(
  schema: S,
  options: ShopFormOptions<Input<S> & FieldValues>,
) {
  type Values = Input<S> & FieldValues;
  const locale = useLocale();
  const resolver = useMemo(
    () =>
      zodResolver(schema as never, {
        reportInput: true,
        error: (issue) => issueMessage(issue as Parameters<typeof fieldIssueFromZod>[0], locale),
      }),
    [schema, locale],
  );
  const form = useForm<Values>({
    ...options.form,
    defaultValues: options.defaultValues,
    resolver: resolver as never,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    delayError: FORM_VALIDATION_DEBOUNCE_MS,
    // A refused submit focuses the first invalid field on screen (`submit` below), not the first
    // one registered: fields drawn by a Controller register after those of the form's own body.
    shouldFocusError: false,
  });
  const { formState, register, setError, handleSubmit } = form;
  const busy = useRef(false);
  // The form last sent with the scripts, and what its refusal said where the focus already was.
  const sentForm = useRef<HTMLFormElement | null>(null);
  const { spoken, say, hush } = useSpoken();

  // A field's message shows 300 ms after the field lost the focus (and goes when it is fixed):
  // everything under it moves. The control the person has just moved to (Tab from an empty field
  // to the button under it) can be pushed partly off screen after the browser scrolled it into
  // view; keep it whole on screen. Before the page is painted, so it never shows cut.
  useLayoutEffect(() => {
    keepFocusedInView();
  }, [formState.errors]);

  const serverTexts = useMemo(
    () => (options.serverError ? fieldFailureTexts(locale, options.serverError) : {}),
    [options.serverError, locale],
  );
  const fieldError = useCallback(
    (name: FieldPath<Values>): string | undefined => {
      const found = name
        .split('.')
        .reduce<unknown>(
          (node: unknown, key: string) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
          formState.errors,
        ) as { message?: string } | undefined;
      if (found?.message) return formMessageText(found.message, locale);
      const fromServer = serverTexts[name];
      return fromServer && !form.getFieldState(name, formState).isDirty ? fromServer : undefined;
    },
    [formState, form, serverTexts, locale],
  );

  // A page the server drew after a refused post sent without the scripts: the first field it
  // refused has the focus when the page loads (the `autofocus` attribute), so it is read with its
  // error, as the scripts would focus it.
  const firstRefused = Object.keys(serverTexts)[0];
  const field = useCallback(
    (name: FieldPath<Values>) => ({
      ...register(name),
      error: fieldError(name),
      ...(onServer && name === firstRefused ? { autoFocus: true } : {}),
    }),
    [register, fieldError, firstRefused],
  );

  /**
   * After the form's own checks marked a field (`setError` without `shouldFocus`): the focus goes
   * to the first invalid field of the form last sent, or its error is said where the focus is.
   */
  const showInvalid = useCallback(
    // Said only after a post sent here: a page drawn by the server has its field focused already.
    (fallback: () => void = () => {}) =>
      focusFirstInvalid(sentForm.current, fallback, sentForm.current ? say : undefined),
    [say],
  );

  const applyServerErrors = useCallback(
    (error: SdkQueryError | undefined): boolean => {
      const known = Object.keys(form.getValues() ?? {});
      let first: string | null = null;
      for (const [name, message] of Object.entries(fieldFailureTexts(locale, error))) {
        if (!known.includes(name.split('.')[0] ?? name)) continue;
        // A refusal of a post sent here is shown as the form's own (focus or said); one drawn
        // by the server before the scripts started focuses its first field.
        setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: !sentForm.current && first === null });
        first ??= name;
      }
      if (first !== null && sentForm.current) {
        const name = first;
        showInvalid(() => form.setFocus(name as FieldPath<Values>));
      }
      return first !== null;
    },
    [form, setError, locale, showInvalid],
  );

  const submit = useCallback(
    (
      onValid: (values: Output<S>) => Promise<void> | void,
      onInvalid?: (values: Values) => void,
    ) =>
      (event?: BaseSyntheticEvent) => {
        // The form sent (read now: React clears currentTarget once the event is handled).
        const element = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
        sentForm.current = element;
        // Nothing stale left in the live region while the form is checked again.
        hush();
        return handleSubmit(
          async (values) => {
            if (busy.current) return;
            busy.current = true;
            try {
              await onValid(values as Output<S>);
            } finally {
              busy.current = false;
            }
          },
          (errors) => {
            // Checks of the form's own (beyond the schema) report their errors too, with the
            // schema's, so every field's problem shows at once.
            onInvalid?.(form.getValues());
            focusFirstInvalid(
              element,
              () => {
                const first = Object.keys(errors)[0];
                if (first) form.setFocus(first as FieldPath<Values>);
              },
              say,
              Object.keys(errors),
            );
          },
        )(event);
      },
    [handleSubmit, form, say, hush],
  );

  return { ...form, fieldError, field, applyServerErrors, submit, showInvalid, spoken, say };
}
