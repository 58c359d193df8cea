// The account page's action for the e-mail and phone forms (`contactsAction`), with the helpers
// only it uses: the contact a post names, the one just added, whether to ask to make it primary.
// Apart from the section's components: it runs on the server too, and draws nothing.
import { redirect, type ActionFunctionArgs } from 'react-router';
import { contactAddSchema, contactVerifySchema, normalizePhone } from '@otc/sdk';
import { loginKind } from '@otc/sdk/validation';
import { storeOf } from '../../../kernel/route-context';
import { signOut } from '../../../kernel/session-slice';
import type { SdkQueryError } from '../../../lib/api';
import { localeOfPath, localizePath } from '../../../lib/locale';
import { onServer } from '../../../lib/on-server';
import { DONE_PARAM, doneValue } from '../../../lib/page-params';
import { formFailure, parsePosted, textFields } from '../../../kernel/page-form';
import { accountApi, type ContactKind, type Customer } from '../account-api';
import {
  CONTACT_INTENTS,
  contactsSectionIdOf,
  isContactIntent,
  removedDoneOf,
  rowsOf,
  verifiedDoneOf,
  verifyStepOf,
  primaryStepOf,
  type ContactAnswer,
  type ContactIntent,
  type ContactRow,
} from './contact-forms';

/** The contact the API just added (same address or number), for the verify step. */
function findAdded(customer: Customer, kind: ContactKind, value: string): ContactRow | undefined {
  const rows = rowsOf(customer, kind);
  const wanted = kind === 'email' ? value.trim().toLowerCase() : (normalizePhone(value) ?? value);
  return (
    rows.find((row) => row.value.toLowerCase() === wanted) ??
    [...rows].reverse().find((row) => !row.verified)
  );
}

/**
 * Whether making `contact` primary is worth asking right after it is verified: only when it would
 * replace the sign-in one of its kind (issue 33, item 15). A first phone (or e-mail) has none to
 * replace; made primary, every session would end for nothing the member asked for (the API
 * signs everyone out on a make-primary). It can still be made primary from its row.
 */
function replacesPrimary(customer: Customer, kind: ContactKind, contact: ContactRow): boolean {
  return rowsOf(customer, kind).some((row) => row.reg && row.id !== contact.id);
}

/** The contact a form names by its hidden fields (id, value, shown), as the page drew it. */
function postedContact(form: FormData): ContactRow {
  const { id = '', value = '', shown = '', reg = '' } = textFields(form, ['id', 'value', 'shown', 'reg']);
  return { id: Number(id), value, shown: shown || value, reg: reg === 'true', verified: false };
}

/**
 * The account page's action for the e-mail and phone forms (told by `intent` and `kind`): add (a
 * code goes to it), verify with the code, a new code, make primary (the sign-in one: every
 * session ends, so it goes on to sign in again) and remove. On the server for a form sent without
 * the scripts, here with them; a refusal keeps what was typed and the step it was on. Done without
 * the scripts, a redirect to the page at the next step (`?step=verify-phone-3`,
 * `?step=primary-email-5`) and saying it (`?done=verified-phone:3`), so a reload posts nothing again.
 */
export async function contactsAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const pathname = new URL(args.request.url).pathname;
  const locale = localeOfPath(pathname);
  const form = await args.request.formData();
  const { intent = '', kind: postedKind = '', code = '' } = textFields(form, ['intent', 'kind', 'code']);
  const kind: ContactKind | null = postedKind === 'email' || postedKind === 'phone' ? postedKind : null;
  if (!kind || !isContactIntent(intent)) {
    return new Response(null, { status: 400, statusText: 'Unknown form' });
  }
  const at = { intent: intent as ContactIntent, kind };
  // At the kind's section (`#account-phones`): a page drawn without the scripts opens at its top,
  // far above the step or the notice.
  const pageWith = (params: { step?: string; [DONE_PARAM]?: string }) =>
    redirect(`${pathname}?${new URLSearchParams(params)}#${contactsSectionIdOf(kind)}`);
  const contact = postedContact(form);
  const endpoints = accountApi.endpoints;

  if (intent === CONTACT_INTENTS.add) {
    const value = textFields(form, ['value']).value ?? '';
    const checked = parsePosted(contactAddSchema, { value });
    if ('error' in checked) return formFailure({ value }, checked.error, at);
    if (loginKind(checked.data.value) !== kind) {
      return formFailure({ value }, {
        status: 422,
        code: 'validation_failed',
        message: 'validation_failed',
        fieldCodes: { value: { code: 'wrong_format' } },
      }, at);
    }
    const added = await store.dispatch(endpoints.addContact.initiate({ locale, kind, value: checked.data.value }));
    if (added.error) return formFailure({ value }, added.error, at);
    const row = findAdded(added.data, kind, checked.data.value);
    if (!row) return formFailure({ value }, { status: 503, message: 'malformed_answer', code: 'malformed_answer' }, at);
    if (onServer) return pageWith({ step: verifyStepOf(kind, row.id) });
    return { ...at, contact: row, done: true } satisfies ContactAnswer;
  }
  if (intent === CONTACT_INTENTS.verify) {
    const checked = parsePosted(contactVerifySchema, { code });
    if ('error' in checked) return formFailure({}, checked.error, { ...at, contact });
    const verified = await store.dispatch(
      endpoints.verifyContact.initiate({ locale, kind, id: contact.id, code: checked.data.code }),
    );
    if (verified.error) return formFailure({}, verified.error, { ...at, contact });
    const row = rowsOf(verified.data, kind).find((one) => one.id === contact.id) ?? { ...contact, verified: true };
    const askPrimary = !row.reg && replacesPrimary(verified.data, kind, row);
    if (onServer) {
      const verifiedDone = { [DONE_PARAM]: doneValue(verifiedDoneOf(kind), row.id) };
      return pageWith(askPrimary ? { step: primaryStepOf(kind, row.id), ...verifiedDone } : verifiedDone);
    }
    return {
      ...at,
      contact: row,
      done: true,
      askPrimary,
    } satisfies ContactAnswer;
  }
  if (intent === CONTACT_INTENTS.resend) {
    const sent = await store.dispatch(endpoints.resendContactCode.initiate({ locale, kind, id: contact.id }));
    // A code sent a moment ago still works: type that one.
    if (sent.error && (sent.error as SdkQueryError).code !== 'resend_too_soon') {
      return formFailure({}, sent.error, { ...at, contact });
    }
    if (onServer) return pageWith({ step: verifyStepOf(kind, contact.id) });
    return { ...at, contact, done: true, resendIn: sent.data?.resendIn } satisfies ContactAnswer;
  }
  if (intent === CONTACT_INTENTS.primary) {
    const made = await store.dispatch(endpoints.makeContactPrimary.initiate({ locale, kind, id: contact.id }));
    if (made.error) return formFailure({}, made.error, { ...at, contact });
    // The sign-in login changed and the API ended every session of the customer: sign out here
    // too (SDK) and sign in again with it, then back to the account. The sign-in page says why
    // and starts with the new login filled in.
    await store.dispatch(signOut());
    const query = new URLSearchParams({
      redirect: localizePath('/account', locale),
      changed: kind,
      login: contact.shown,
    });
    return redirect(`${localizePath(kind === 'phone' ? '/login/phone' : '/login', locale)}?${query.toString()}`);
  }
  // Remove: the primary one cannot be (the SDK's rule, the API's 409 too).
  const removed = await store.dispatch(endpoints.removeContact.initiate({ locale, kind, id: contact.id }));
  if (removed.error) return formFailure({}, removed.error, { ...at, contact });
  if (onServer) return pageWith({ [DONE_PARAM]: removedDoneOf(kind) });
  return { ...at, contact, done: true } satisfies ContactAnswer;
}
