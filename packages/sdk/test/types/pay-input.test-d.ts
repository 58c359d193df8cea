// Type tests (issue 20): checked by `tsc --noEmit` (the package's `typecheck`, which includes
// test/) and by `vitest --typecheck`. An `@ts-expect-error` that no longer errors fails tsc, so
// a pay input that stops being a discriminated union per payment method cannot go unnoticed.
import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from '../../src/client/index.js';
import type { PayInput } from '../../src/checkout/index.js';
import type { PaymentMethodCode } from '../../src/constants/index.js';
import type { RouteInput } from '../../src/contract/index.js';

declare const client: Client;

describe('the pay input', () => {
  it('is one member per payment method of the contract, discriminated by code', () => {
    expectTypeOf<PayInput['code']>().toEqualTypeOf<PaymentMethodCode>();
    expectTypeOf<Extract<PayInput, { code: 'trnsx' }>['input']>().toEqualTypeOf<
      { card: string; code?: string } | { cardId: string }
    >();
    expectTypeOf<Extract<PayInput, { code: 'credit' }>['input']>().toEqualTypeOf<{
      card: string;
    }>();
    // Every member is a body of the contract's payOrder row.
    expectTypeOf<PayInput>().toExtend<RouteInput<'payOrder'>['body']>();
  });

  it('takes what each method needs and refuses the rest', () => {
    void client.orders.pay(1, { code: 'trnsx', input: { card: '6035000000000001', code: '123' } });
    void client.orders.pay(1, { code: 'nationsbenefits', input: { card: '6036000000001001' } });
    void client.orders.pay(1, { code: 'credit', input: { card: '4242424242424242' } });
    void client.orders.pay(1, { code: 'balance' });
    void client.orders.pay(1, { code: 'prohealth', input: {} });
    // A card on the member's own account, by its id (the storefront's "Card ending in 0001").
    void client.orders.pay(1, { code: 'nationsbenefits', input: { cardId: '4' } });

    // @ts-expect-error a card method needs the card number
    void client.orders.pay(1, { code: 'trnsx', input: {} });
    // @ts-expect-error a card method has an input
    void client.orders.pay(1, { code: 'nationsbenefits' });
    // @ts-expect-error a card on file is named by its id as a string
    void client.orders.pay(1, { code: 'trnsx', input: { cardId: 4 } });
    // @ts-expect-error credit takes the number alone
    void client.orders.pay(1, { code: 'credit', input: { card: '4242424242424242', code: '1' } });
    // @ts-expect-error the balance pays with nothing typed
    void client.orders.pay(1, { code: 'balance', input: { card: '6035000000000001' } });
    // @ts-expect-error not a payment method of the contract
    void client.orders.pay(1, { code: 'paypal', input: {} });
    const loose = { code: 'trnsx' as PaymentMethodCode, input: {} as Record<string, string> };
    // @ts-expect-error any string map is not a pay input
    void client.orders.pay(1, loose);
  });
});
