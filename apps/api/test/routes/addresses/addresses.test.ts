import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSchema } from '@otc/sdk/schemas';
import { bearer, buildTestApp, call, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { deliveryStates: ['FL', 'TX'] } });
  ({ token } = await registerCustomer(t.app, 'addresses@example.com'));
});
afterAll(async () => t?.close());

const send = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
const home = { address: '1 Ocean Drive', city: 'Miami', state: 'fl', zip: '33139' };

describe('addresses', () => {
  it('adds, lists, updates and removes an address', async () => {
    const added = await send(token, 'POST', '/api/customer/address', { ...home, address2: 'Apt 4' });
    expect(added.status).toBe(200);
    const address = addressSchema.parse(added.body);
    expect(address).toMatchObject({ state: 'FL', address2: 'Apt 4', facilityAddress: false });

    const list = await send(token, 'GET', '/api/customer/address');
    expect(list.body).toEqual([address]);

    const updated = await send(token, 'PATCH', `/api/customer/address/${address.id}`, { city: 'Houston', state: 'TX', zip: '77002' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: address.id, city: 'Houston', state: 'TX', address: '1 Ocean Drive' });

    const removed = await send(token, 'DELETE', `/api/customer/address/${address.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect((await send(token, 'GET', '/api/customer/address')).body).toEqual([]);
    const me = await send(token, 'GET', '/api/auth/me');
    expect(me.body.addresses).toEqual([]);
    expect((await send(token, 'DELETE', `/api/customer/address/${address.id}`)).status).toBe(404);
  });

  it('refuses a state outside the delivery states with 422 on state', async () => {
    const res = await send(token, 'POST', '/api/customer/address', { ...home, state: 'NY' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ state: ["We don't deliver to this state"] });
    const unknown = await send(token, 'POST', '/api/customer/address', { ...home, state: 'ZZ' });
    expect(unknown.body.data).toEqual({ state: ['State is required'] });
  });

  it('refuses a malformed ZIP and a blank city', async () => {
    const res = await send(token, 'POST', '/api/customer/address', { ...home, zip: '3313', city: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['city', 'zip']);
    const created = await send(token, 'POST', '/api/customer/address', home);
    const patch = await send(token, 'PATCH', `/api/customer/address/${created.body.id}`, { state: 'NY' });
    expect(patch.status).toBe(422);
    expect(patch.body.data).toEqual({ state: ["We don't deliver to this state"] });
  });

  it("answers 404 for another customer's address", async () => {
    const created = await send(token, 'POST', '/api/customer/address', home);
    const other = await registerCustomer(t.app, 'addresses.other@example.com');
    const patch = await send(other.token, 'PATCH', `/api/customer/address/${created.body.id}`, { city: 'Tampa' });
    expect(patch.status).toBe(404);
    const removal = await send(other.token, 'DELETE', `/api/customer/address/${created.body.id}`);
    expect(removal.status).toBe(404);
    expect((await send(other.token, 'GET', '/api/customer/address')).body).toEqual([]);
    const mine = await send(token, 'GET', '/api/customer/address');
    expect(mine.body).toContainEqual(expect.objectContaining({ id: created.body.id, city: 'Miami' }));
  });
});
