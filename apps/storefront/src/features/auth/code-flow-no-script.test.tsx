// @vitest-environment node
// The code step as the server draws it, for a browser without the scripts (issue 29): no
// countdown that never moves, "Send a new code" always there, and a press too early refused in
// the page with the wait the API names, the login kept (never a code).
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

function documentOf(result: RenderResult): Document {
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return new JSDOM(`<!doctype html><body>${result.body}</body>`).window.document;
}

const requested: unknown[] = [];
beforeEach(() => {
  requested.length = 0;
  server.use(
    http.post(`${API}/api/auth/code`, async ({ request }) => {
      requested.push(await request.json());
      return HttpResponse.json(
        { message: 'Please wait 42 seconds before requesting another code.', code: 'resend_too_soon', seconds: 42 },
        { status: 429 },
      );
    }),
  );
});

const resend = { intent: 'resend', purpose: 'login', login: 'ana@example.com', 'resend-at': '0' };

describe('the code step without scripts: a new code', () => {
  it.each([
    ['en', '/login', 'Please wait 42 seconds before requesting another code.', 'You can ask for a new code 60 seconds after the last one.', 'Send a new code'],
    ['es', '/es/login', 'Espere 42 segundos antes de solicitar otro código.', 'Puede pedir un código nuevo 60 segundos después del último.', 'Enviar un código nuevo'],
  ] as const)('(%s) a press too early is refused in the page with the wait, the login kept; no frozen countdown', async (locale, path, refusal, wait, button) => {
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
