// Test data of the account pages: a signed-in customer and msw handlers around it.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { customerOf, draftOf } from '../../test/fixtures';
import { API, server } from '../../test/server';
import { routeContextFor } from '../../kernel/route-context';
import { createVisitorStore } from '../../test/render-app';
import type { AccountSession, Card, Customer } from './account-api';

/** The shared customer (src/test) as the account pages show her: two e-mails, a phone, no card. */
export function customerFixture(patch: Partial<Customer> = {}): Customer {
  return customerOf({
    id: 7,
    name: 'Rosa Martínez',
    lastName: 'Martínez',
    emails: [
      {
        id: 1,
        address: 'rosa@example.com',
        reg: true,
        verified: true,
        receiveMarketingMailing: false,
      },
      {
        id: 2,
        address: 'rosa.old@example.com',
        reg: false,
        verified: true,
        receiveMarketingMailing: false,
      },
    ],
    phones: [
      {
        id: 3,
        number: '2025550101',
        reg: true,
        verified: true,
        receiveSms: true,
        allowMarketingCalls: false,
      },
    ],
    activeInsuranceCard: null,
    insurancePlan: { code: 'cl1', name: 'CareLink One' },
    preferredCommunicationLanguage: null,
    preferredCommunicationMethod: null,
    passwordUpdatedAt: '2024-05-02T10:00:00.000Z',
    ...patch,
  });
}

export function cardFixture(patch: Partial<Card> = {}): Card {
  return {
    id: 11,
    type: 'network',
    last4: '0001',
    addedAt: '2024-05-02T10:00:00.000Z',
    active: true,
    usedForPayments: true,
    balance: '250.00',
    periodEndsAt: '2024-12-31',
    ...patch,
  };
}

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Serves `GET /api/auth/me` (and the other reads of the account pages) and records every write
 * in `calls`; `answer(method, path)` decides a write's answer (default: 200 with the customer).
 */
export function useAccountHandlers(
  options: {
    customer?: Customer;
    cards?: Card[];
    answer?: (call: Recorded) => Response | undefined;
  } = {},
) {
  const calls: Recorded[] = [];
  let customer = options.customer ?? customerFixture();
  const cards = options.cards ?? [];
  const record = async (request: Request): Promise<Recorded> => {
    const url = new URL(request.url);
    const text =
      request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    return call;
  };
  const write =
    (fallback: () => JsonBodyType) =>
    async ({ request }: { request: Request }) => {
      const call = await record(request);
      return options.answer?.(call) ?? HttpResponse.json(fallback());
    };
  server.use(
    http.get(`${API}/api/auth/me`, () => HttpResponse.json(customer)),
    http.get(`${API}/api/insurance-card`, () => HttpResponse.json({ data: cards })),
    http.get(`${API}/api/customer/address`, () => HttpResponse.json(customer.addresses)),
    http.get(`${API}/api/health-plans`, () =>
      HttpResponse.json([
        { id: 1, code: 'cl1', name: 'CareLink One', company: 'CareLink' },
        { id: 2, code: 'uhc', name: 'United Health Choice', company: 'United' },
      ]),
    ),
    http.get(`${API}/api/favorites`, () => HttpResponse.json([])),
    http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(draftOf([], { id: 1 }))),
    http.patch(
      `${API}/api/customer/data`,
      write(() => customer),
    ),
    http.delete(
      `${API}/api/email/:id`,
      write(() => customer),
    ),
    http.delete(
      `${API}/api/phone/:id`,
      write(() => customer),
    ),
    http.post(
      `${API}/api/customer/address`,
      write(() => ({
        id: 5,
        address2: null,
        facilityAddress: false,
        address: '',
        city: '',
        state: '',
        zip: '',
      })),
    ),
    http.patch(
      `${API}/api/customer/address/:id`,
      write(() => customer.addresses[0] ?? {}),
    ),
    http.delete(
      `${API}/api/customer/address/:id`,
      write(() => ({ ok: true })),
    ),
    http.post(
      `${API}/api/insurance-card`,
      write(() => ({ data: cards })),
    ),
    http.patch(
      `${API}/api/insurance-card/:id/make-active`,
      write(() => ({ data: cards })),
    ),
  );
  return {
    calls,
    writes: () => calls,
    setCustomer(next: Customer) {
      customer = next;
    },
  };
}

/** A 422 answer as the API sends it: texts under `data`, catalogue codes under `fields`. */
export function unprocessable(
  fields: Record<string, { code: string; params?: Record<string, string | number> }>,
) {
  return HttpResponse.json(
    {
      message: 'The given data was invalid.',
      code: 'validation_failed',
      data: Object.fromEntries(
        Object.keys(fields).map((key) => [key, ['(a text the form never reads)']]),
      ),
      fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, [value]])),
    },
    { status: 422 },
  );
}

/** A 403 `recent_proof_required`, as the API answers a change that needs a recent proof. */
export function proofRequired() {
  return HttpResponse.json(
    {
      message: 'For your security, please confirm it is you first.',
      code: 'recent_proof_required',
    },
    { status: 403 },
  );
}

/**
 * Serves the recent-proof routes: the status (`methods`, where a code goes), a code sent, and a
 * proof that takes `password` or `code`; a wrong one answers as `wrong` says. `proven` turns
 * true after a good proof; `calls` records each proof call.
 */
export function useProofHandlers(
  options: {
    methods?: ('password' | 'code')[];
    codeChannel?: 'email' | 'sms';
    codeTo?: string;
    password?: string;
    code?: string;
    wrong?: (body: { password?: string; code?: string }) => Response;
  } = {},
) {
  const state = { proven: false, calls: [] as Recorded[] };
  const status = () => ({
    provenUntil: state.proven ? new Date(Date.now() + 10 * 60_000).toISOString() : null,
    methods: options.methods ?? ['password', 'code'],
    codeChannel: options.codeChannel ?? 'email',
    codeTo: options.codeTo ?? 'r•••@example.com',
  });
  server.use(
    http.get(`${API}/api/auth/proof`, () => HttpResponse.json(status())),
    http.post(`${API}/api/auth/proof/code`, () => {
      state.calls.push({ method: 'POST', path: '/api/auth/proof/code', body: undefined });
      return HttpResponse.json({ channel: options.codeChannel ?? 'email', resendIn: 60 });
    }),
    http.post(`${API}/api/auth/proof`, async ({ request }) => {
      const body = (await request.json()) as { password?: string; code?: string };
      state.calls.push({ method: 'POST', path: '/api/auth/proof', body });
      const good =
        (body.password !== undefined && body.password === (options.password ?? 'Secret123')) ||
        (body.code !== undefined && body.code === (options.code ?? '123456'));
      if (!good) {
        return (
          options.wrong?.(body) ??
          (body.code !== undefined
            ? HttpResponse.json(
                {
                  message: 'x',
                  code: 'invalid_code',
                  fields: { code: [{ code: 'invalid_code' }] },
                },
                { status: 422 },
              )
            : // As the API says a wrong password: a 422 naming the field.
              unprocessable({ password: { code: 'current_password_incorrect' } }))
        );
      }
      state.proven = true;
      return HttpResponse.json(status());
    }),
  );
  return state;
}

/** One session as the API lists it; `minutesAgo` sets when it was last used. */
export function sessionOf(
  patch: Partial<AccountSession> & { minutesAgo?: number } = {},
): AccountSession {
  const { minutesAgo = 0, ...rest } = patch;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    createdAt: '2024-05-02T10:00:00.000Z',
    lastUsedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    current: false,
    device: 'Chrome · Windows',
    ...rest,
  };
}

/**
 * Serves the session list and its two sign-outs (one device, every device); records them.
 * `endOthers` ends the other devices' sessions as a password change does.
 */
export function useSessionHandlers(sessions: AccountSession[]) {
  let list = [...sessions];
  const calls: Recorded[] = [];
  server.use(
    http.get(`${API}/api/auth/sessions`, () => HttpResponse.json({ sessions: list })),
    http.delete(`${API}/api/auth/sessions/:id`, ({ params }) => {
      calls.push({
        method: 'DELETE',
        path: `/api/auth/sessions/${String(params.id)}`,
        body: undefined,
      });
      list = list.filter((session) => session.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    http.delete(`${API}/api/auth/sessions`, () => {
      calls.push({ method: 'DELETE', path: '/api/auth/sessions', body: undefined });
      list = [];
      return HttpResponse.json({ ok: true });
    }),
    http.post(`${API}/api/auth/logout`, () => HttpResponse.json({ ok: true })),
  );
  return {
    calls,
    /** What the API does on a new password: every other device is signed out. */
    endOthers() {
      list = list.filter((session) => session.current);
    },
  };
}

/** A route action's answer to a post, as the tests read it: status, redirect, and body. */
export interface ActionAnswer {
  status: number;
  location: string | null;
  body: Record<string, unknown> | null;
}

/**
 * Posts `fields` to a page's `action` (at `path`) as a form sent without the scripts reaches it,
 * with a visitor's store, and reads its answer: a redirect, a refusal (`data(…, { status })`) or
 * what it answered.
 */
export async function postToAction(
  action: (args: never) => Promise<unknown>,
  fields: Record<string, string>,
  path: string,
): Promise<ActionAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request(`http://shop.test${path}`, { method: 'POST', body });
  const answer = await action({
    request,
    params: {},
    context: routeContextFor(createVisitorStore()),
  } as never);
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get('Location'), body: null };
  }
  if (answer && typeof answer === 'object' && 'type' in answer && answer.type === 'DataWithResponseInit') {
    const wrapped = answer as unknown as { data: Record<string, unknown>; init: { status: number } };
    return { status: wrapped.init.status, location: null, body: wrapped.data };
  }
  return { status: 200, location: null, body: answer as Record<string, unknown> };
}
