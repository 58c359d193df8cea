// @vitest-environment node
// The code step as the server draws it, for a browser without the scripts (issue 29): a code sent
// leads to the step's own address (a GET: a reload asks nothing again; the login in it, never a
// code or a password); no countdown that never moves, "Send a new code" always there, and a press
// too early refused in the page with the wait the API names, the login kept (never a code).
// @ts-expect-error -- jsdom ships no types of its own (and @types/jsdom is not in the workspace).
import * as jsdom from 'jsdom';
import { http, HttpResponse } from 'msw';
import { render, type RenderResult } from '../../entry-server';
import { API, server } from '../../test/server';

const ORIGIN = 'https://shop.example';
const { JSDOM } = jsdom as { JSDOM: new (html: string) => { window: { document: Document } } };

/** A form post as a browser without the scripts sends it. */
function postForm(path: string, fields: Record<string, string>, locale: 'en' | 'es' = 'en'): Promise<RenderResult> {
  return render(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `locale=${locale}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    { fetch, origin: ORIGIN },
  );
}

function getPage(path: string, locale: 'en' | 'es' = 'en'): Promise<RenderResult> {
  return render(new Request(`${ORIGIN}${path}`, { headers: { cookie: `locale=${locale}` } }), { fetch, origin: ORIGIN });
}

function documentOf(result: RenderResult): Document {
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return new JSDOM(`<!doctype html><body>${result.body}</body>`).window.document;
}

const requested: unknown[] = [];
/** The API's code requests answer a resend too soon. */
function codesTooSoon() {
  server.use(
    http.post(`${API}/api/auth/code`, async ({ request }) => {
      requested.push(await request.json());
      return HttpResponse.json(
        { message: 'Please wait 42 seconds before requesting another code.', code: 'resend_too_soon', seconds: 42 },
        { status: 429 },
      );
    }),
  );
}
beforeEach(() => {
  requested.length = 0;
  const sent = (route: string) => async ({ request }: { request: Request }) => {
    requested.push({ route, ...((await request.json()) as object) });
    return HttpResponse.json({ channel: 'email', resendIn: 60 });
  };
  server.use(
    http.post(`${API}/api/auth/code`, sent('login')),
    http.post(`${API}/api/auth/register/code`, sent('register')),
  );
});

/** The hidden fields of the step's code form. */
function codeFormFields(document: Document): Record<string, string> {
  const form = document.querySelector('#one-time-code')?.closest('form');
  return Object.fromEntries(
    [...(form?.querySelectorAll<HTMLInputElement>('input[type="hidden"]') ?? [])].map((input) => [input.name, input.value]),
  );
}

describe('the code step without scripts: its own address', () => {
  it('a code asked for leads to the step (a GET of the page, the redirect kept), drawn for that login', async () => {
    const posted = await postForm('/login?redirect=%2Fcart', { intent: 'request', purpose: 'login', login: 'ana@example.com' });
    expect(posted).toEqual({ kind: 'redirect', status: 302, location: '/login?redirect=%2Fcart&step=code&login=ana%40example.com' });
    expect(requested).toEqual([{ route: 'login', login: 'ana@example.com' }]);
    const drawn = await getPage('/login?redirect=%2Fcart&step=code&login=ana%40example.com');
    expect(drawn).toMatchObject({ kind: 'page', status: 200 });
    const document = documentOf(drawn);
    expect(document.querySelector('#code-step-heading')?.textContent).toBe('Step 2 of 2: Enter the code');
    expect(document.querySelector('main')?.textContent).toContain('We sent a 6-digit code by e-mail to ana@example.com.');
    expect(codeFormFields(document)).toEqual({ intent: 'verify', purpose: 'login', login: 'ana@example.com' });
    // Back to step 1: the login kept to change it, or nothing.
    const links = Object.fromEntries([...document.querySelectorAll('main a')].map((link) => [link.textContent, link.getAttribute('href')]));
    expect(links['Change the e-mail address']).toBe('/login?redirect=%2Fcart&login=ana%40example.com');
    expect(links['Start over']).toBe('/login?redirect=%2Fcart');
    // Only what was asked for: the drawing asks the API for no code.
    expect(requested).toHaveLength(1);
  });

  it("a sign-up's choice of a password is in the step's address, never the password; in Spanish too", async () => {
    const posted = await postForm('/es/sign-up', { intent: 'request', purpose: 'register', login: 'new@example.com', 'sign-in-way': 'password' }, 'es');
    expect(posted).toMatchObject({ kind: 'redirect', location: '/es/sign-up?step=code-password&login=new%40example.com' });
    const document = documentOf(await getPage('/es/sign-up?step=code-password&login=new%40example.com', 'es'));
    expect(document.querySelector('#code-step-heading')?.textContent).toBe('Paso 2 de 2: Escriba el código para crear su cuenta');
    expect(document.querySelector('#new-password')).not.toBeNull();
    expect(codeFormFields(document)).toMatchObject({ purpose: 'register', login: 'new@example.com', 'with-password': '1' });
  });

  it("an offer to register from /login leads to the sign-up's code step", async () => {
    const posted = await postForm('/login', { intent: 'request', purpose: 'register', login: 'new@example.com' });
    expect(posted).toMatchObject({ kind: 'redirect', location: '/sign-up?step=code&login=new%40example.com' });
  });

  it('a new code sent leads to the step again, which says so (in Spanish too)', async () => {
    const posted = await postForm('/es/sign-up?step=code-password&login=new%40example.com', { ...resend, purpose: 'register', login: 'new@example.com', 'with-password': '1' }, 'es');
    expect(posted).toMatchObject({ kind: 'redirect', location: '/es/sign-up?step=new-code-password&login=new%40example.com' });
    expect(requested).toEqual([{ route: 'register', login: 'new@example.com' }]);
    const document = documentOf(await getPage('/es/sign-up?step=new-code-password&login=new%40example.com', 'es'));
    expect(document.querySelector('main')?.textContent).toContain('Le enviamos un código nuevo.');
    expect(document.querySelector('#new-password')).not.toBeNull();
    // A first code's step says nothing of the kind.
    const first = documentOf(await getPage('/es/sign-up?step=code-password&login=new%40example.com', 'es'));
    expect(first.querySelector('main')?.textContent).not.toContain('Le enviamos un código nuevo.');
  });

  it('an address whose login is not an e-mail or a phone draws step 1', async () => {
    const document = documentOf(await getPage('/login?step=code&login=nonsense'));
    expect(document.querySelector('#code-step-heading')).toBeNull();
    expect(document.querySelector('#request-step-heading')).not.toBeNull();
  });
});

const resend = { intent: 'resend', purpose: 'login', login: 'ana@example.com', 'resend-at': '0' };

describe('the code step without scripts: a new code', () => {
  it.each([
    ['en', '/login', 'Please wait 42 seconds before requesting another code.', 'You can ask for a new code 60 seconds after the last one.', 'Send a new code'],
    ['es', '/es/login', 'Espere 42 segundos antes de solicitar otro código.', 'Puede pedir un código nuevo 60 segundos después del último.', 'Enviar un código nuevo'],
  ] as const)('(%s) a press too early is refused in the page with the wait, the login kept; no frozen countdown', async (locale, path, refusal, wait, button) => {
    codesTooSoon();
    const result = await postForm(path, resend, locale);
    expect(result).toMatchObject({ kind: 'page', status: 429 });
    expect(requested).toEqual([{ login: 'ana@example.com' }]);
    const document = documentOf(result);
    const alert = document.querySelector('main [role="alert"]');
    expect(alert?.textContent).toContain(refusal);
    expect(alert?.hasAttribute('autofocus')).toBe(true);
    // Still at step 2 for the same login, the button there to try again later.
    expect(document.querySelector('#code-step-heading')).not.toBeNull();
    expect(document.querySelector('main')?.textContent).toContain('ana@example.com');
    expect(document.querySelector('[role="timer"]')).toBeNull();
    expect(document.querySelector('main')?.textContent).toContain(wait);
    const again = [...document.querySelectorAll('main form button[type="submit"]')].find((one) => one.textContent?.trim() === button);
    const form = again?.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe('resend');
    expect(form?.querySelector<HTMLInputElement>('input[name="login"]')?.value).toBe('ana@example.com');
    expect(document.querySelector<HTMLInputElement>('#one-time-code')?.value ?? '').toBe('');
  });
});

describe('step 1 without scripts: the tabs are links', () => {
  const tabs = (document: Document) =>
    [...document.querySelectorAll('main [role="tab"]')].map((tab) => [tab.textContent, tab.getAttribute('href'), tab.getAttribute('aria-selected')]);

  it('/login: the phone tab leads to /login/phone and back, the redirect kept', async () => {
    const email = documentOf(await getPage('/login?redirect=%2Fcart'));
    expect(tabs(email)).toEqual([
      ['E-mail', '/login?redirect=%2Fcart', 'true'],
      ['Phone', '/login/phone?redirect=%2Fcart', 'false'],
    ]);
    expect(email.querySelector('#login-email')).not.toBeNull();
    const phone = documentOf(await getPage('/es/login/phone?redirect=%2Fes%2Fcart', 'es'));
    expect(tabs(phone)).toEqual([
      ['Correo', '/es/login?redirect=%2Fes%2Fcart', 'false'],
      ['Teléfono', '/es/login/phone?redirect=%2Fes%2Fcart', 'true'],
    ]);
    expect(phone.querySelector('#login-phone')).not.toBeNull();
    expect(phone.querySelector('#login-email')).toBeNull();
  });

  it("/sign-up and /login-recovery: the phone's tab is the page's ?step=phone", async () => {
    const signUp = documentOf(await getPage('/sign-up?step=phone'));
    expect(tabs(signUp)).toEqual([
      ['E-mail', '/sign-up', 'false'],
      ['Phone', '/sign-up?step=phone', 'true'],
    ]);
    expect(signUp.querySelector('#login-phone')).not.toBeNull();
    const recovery = documentOf(await getPage('/es/login-recovery', 'es'));
    expect(tabs(recovery)).toEqual([
      ['Correo', '/es/login-recovery', 'true'],
      ['Teléfono', '/es/login-recovery?step=phone', 'false'],
    ]);
  });
});
