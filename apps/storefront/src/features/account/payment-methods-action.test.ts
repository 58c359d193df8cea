// The payment methods page's action (issue 29): the same action the server runs for a form sent
// without the scripts. Each form's post is checked as the form checks it, sent to the API, and
// answered: done, or refused with what was typed (never a card's security code).
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { signIn } from '../../test/render-app';
import { cardFixture, customerFixture, useAccountHandlers, postToAction } from './account-fixtures';
import { action, PAYMENT_INTENTS } from './pages/payment-methods-page';
import { ADD_CARD_INTENT } from './components/card-form';

beforeEach(() => signIn());

const post = (fields: Record<string, string>, path = '/account/payment-methods') => postToAction(action, fields, path);

describe('payment methods action', () => {
  it('adds a card checked by the contract; a refusal keeps the type and number, never the code', async () => {
    const handlers = useAccountHandlers({ cards: [cardFixture()] });
    const short = await post({ intent: ADD_CARD_INTENT, type: 's3', number: '6037 0000', code: '123' });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({
      intent: ADD_CARD_INTENT,
      values: { type: 's3', number: '6037 0000' },
      error: { fieldCodes: { number: expect.any(Object) as unknown } },
    });
    expect(JSON.stringify(short.body)).not.toContain('"code":"123"');
    expect(handlers.calls).toHaveLength(0);

    const added = await post({
      intent: ADD_CARD_INTENT,
      type: 'network',
      number: '6037 0000 0000 0001',
      code: '123',
    });
    expect(added).toMatchObject({ status: 200, body: { intent: ADD_CARD_INTENT, done: 'network' } });
    expect(handlers.calls).toEqual([
      {
        method: 'POST',
        path: '/api/insurance-card',
        body: { type: 'network', number: '6037 0000 0000 0001', code: '123' },
      },
    ]);
  });

  it("an issuer's refusal comes back with what was typed, in the page's language", async () => {
    useAccountHandlers({
      answer: () =>
        HttpResponse.json(
          { message: 'x', code: 'card_already_in_system' },
          { status: 409 },
        ),
    });
    const refused = await post(
      { intent: ADD_CARD_INTENT, type: 'network', number: '6037000000000001', code: '999' },
      '/es/account/payment-methods',
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      values: { type: 'network', number: '6037000000000001' },
      error: { code: 'card_already_in_system' },
    });
    expect(refused.body?.values).not.toHaveProperty('code');
  });

  it('makes a card the active one, or says why not', async () => {
    const handlers = useAccountHandlers({ cards: [cardFixture(), cardFixture({ id: 12, active: false })] });
    const done = await post({ intent: PAYMENT_INTENTS.activate, id: '12' });
    expect(done).toMatchObject({ status: 200, body: { intent: PAYMENT_INTENTS.activate, id: '12', done: true } });
    expect(handlers.calls).toEqual([
      { method: 'PATCH', path: '/api/insurance-card/12/make-active', body: undefined },
    ]);
  });

  it('changes the health plan; none chosen is refused before the API', async () => {
    const calls: unknown[] = [];
    useAccountHandlers();
    server.use(
      http.put(`${API}/api/customer/health-plan`, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json(customerFixture({ insurancePlan: { code: 'uhc', name: 'United Health Choice' } }));
      }),
    );
    const none = await post({ intent: PAYMENT_INTENTS.plan, code: '' });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ intent: PAYMENT_INTENTS.plan, error: { fieldCodes: { code: { code: 'required' } } } });
    expect(calls).toHaveLength(0);
    const saved = await post({ intent: PAYMENT_INTENTS.plan, code: 'uhc' });
    expect(saved).toMatchObject({ status: 200, body: { intent: PAYMENT_INTENTS.plan, done: true } });
    expect(calls).toEqual([{ code: 'uhc' }]);
  });

  it('an unknown form is a 400', async () => {
    expect((await post({ intent: 'nothing' })).status).toBe(400);
  });
});
