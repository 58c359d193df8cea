/**
 * The payment port: one gateway per method code. A gateway charges an amount inside the caller's
 * transaction (the sandboxes keep their ledger in the same database, so a charge and the order's
 * status change commit together) and answers approved or declined; a bad input throws a 422.
 * It refunds an approved charge the same way (a cancelled paid order): the money goes back where
 * it came from, or the refund throws and the caller's transaction (the cancel) rolls back.
 * Real processors plug in behind the same interface.
 */
import type { PaymentMethodCode } from '@otc/sdk';
import type { Tx } from '../../db/client.js';
import type { HttpError } from '../../lib/errors.js';

export interface ChargeRequest {
  tx: Tx;
  customerId: number;
  orderId: number;
  amountCents: number;
  /** What the method needs, e.g. `{ card: "6035 ...", code: "123" }` (the paymentInputSchema's `input`). */
  input: Record<string, string>;
  /**
   * A benefit card pays only for what its own plan covers (issue 32). Its gateway calls this with
   * the card's plan code (as the issuer gives it) once the card is proven the customer's and
   * before anything is charged; it throws the refusal (`card_plan_does_not_cover`) when a row is
   * not covered. Money that is not a benefit card (credit, the store balance) does not call it.
   */
  coveredBy(planCode: string | null): Promise<void>;
}

export type ChargeResult =
  | {
      approved: true;
      last4: string | null;
      /** Keyed fingerprint of the card number (never the number). */
      fingerprint: string | null;
      reference: string;
    }
  | {
      approved: false;
      last4: string | null;
      fingerprint: string | null;
      /** The 422 to answer (a decline code or insufficient funds). */
      error: HttpError;
      /**
       * The card's number or security code was refused (a guess: it counts toward the card's
       * lock, card-proofs.ts); a card proven and then declined by its issuer is no guess.
       */
      codeRefused?: boolean;
    };

export interface RefundRequest {
  tx: Tx;
  /** The customer who paid (the order's customer). */
  customerId: number;
  orderId: number;
  /** The whole approved charge. */
  amountCents: number;
  /** What the approved charge recorded. */
  payment: { last4: string | null; fingerprint: string | null; reference: string | null };
}

export interface RefundResult {
  /** The processor's reference of the refund. */
  reference: string;
}

export interface PaymentGateway {
  code: PaymentMethodCode;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives an approved charge back in full; throws when it cannot (nothing is then refunded). */
  refund(request: RefundRequest): Promise<RefundResult>;
}
