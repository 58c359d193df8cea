import type { AuthMode, CallOptions } from '../client/core.js';
import { ApiError, ValidationError } from '../errors/errors.js';
import type { orderEndpoints } from '../endpoints/orders.js';
import type { ProductSummary } from '../schemas/catalog.js';
import type { CartAnswer } from '../schemas/session.js';
import type { DraftMergeAnswer, LocalCartRow, OrderDraft } from '../schemas/order.js';
import type { TextValueStore } from '../storage/storage.js';
import { normalizePromoCode, validatePromoCode } from '../validation/validate-promo-code.js';
import type { GuestCart } from './guest-cart.js';
import { cartRefusal } from './refusal.js';

/** The order calls the cart makes (`client.orders` fits). */
export interface CartOrders extends Pick<
  ReturnType<typeof orderEndpoints>,
  'prepareDraft' | 'addToDraft' | 'setSkuAmount' | 'setItems' | 'setPromoCode' | 'mergeIntoDraft'
> {
  /** Needed in session mode only (`client.orders.readCart`). */
  readCart?: (options?: CallOptions) => Promise<CartAnswer>;
}

/** What the cart needs of the client (`createClient(...)` fits, in either mode). */
export interface CartClient {
  isSignedIn(): boolean;
  /** `session`: a guest's cart is the server's too (its cart cookie). Left out: `tokens`. */
  readonly authMode?: AuthMode;
  /** Session mode: the merge the last sign-in answer carried, once (`client.takeSignInMerge`). */
  takeSignInMerge?(): DraftMergeAnswer | null;
  orders: CartOrders;
}

export interface CreateCartOptions {
  /**
   * The SDK client. Tokens mode: signed in, the cart is the server draft; a guest's cart is
   * `guestCart`. Session mode: the cart is always the server's (a guest's through its cart cookie).
   */
  client: CartClient;
  /**
   * The guest cart in storage (`createGuestCart({ storage })`). In session mode only the rows it
   * still holds from before are read, merged once into the server cart and removed.
   */
  guestCart: GuestCart;
  /**
   * Where a guest's promo code is kept (`createPromoCodeStore(storage)`, key `promo-code`);
   * without it a guest cannot hold a promo code.
   */
  promoCode?: TextValueStore;
}

/**
 * The cart as it is now: a guest's rows in storage, or a server draft (the signed-in customer's;
 * in session mode a guest's too). In session mode a guest with no server cart is an empty
 * `guest` state.
 */
export type CartState =
  | { kind: 'guest'; rows: LocalCartRow[]; promoCode: string | null }
  | { kind: 'server'; draft: OrderDraft };

/**
 * What `mergeAtSignIn` did, exactly as the server answered it (`mergeIntoDraft`). The merge never
 * lowers or removes a row the draft had.
 */
export interface CartMergeReport {
  /** The draft after the merge. */
  draft: OrderDraft;
  /** Whether the draft changed (show the "carts combined" notice). */
  changed: boolean;
  /** Product ids only in the guest cart, now in the draft. */
  added: number[];
  /** Product ids whose amount was raised to the guest cart's. */
  raised: number[];
  /**
   * Rows added or raised to fewer units than the guest cart had: `amount` is what the draft holds
   * now (the most that can be ordered), `wanted` the guest cart's ("only N could be added").
   */
  limited: DraftMergeAnswer['limited'];
  /**
   * Guest rows that could not go in at all: `reason` `cannot_add_more` (none can be ordered: out of
   * stock, inactive, discontinued) or `product_not_found`. The draft's own rows are never dropped.
   */
  dropped: DraftMergeAnswer['dropped'];
  /** What became of the guest's promo code (null: there was none, or it could not be tried now). */
  promoCode: MergedPromoCode | null;
}

/**
 * The guest's promo code after the merge: applied to the draft, refused by the API (its error
 * code, e.g. `promo_code_invalid`), or not applied because the draft already had one (one code
 * per order).
 */
export type MergedPromoCode =
  | { code: string; applied: true }
  | { code: string; applied: false; reason: 'refused'; errorCode: string }
  | { code: string; applied: false; reason: 'draft_has_code'; draftCode: string };

/**
 * A product named by its id alone: enough for every server cart (a member's draft, and a guest's
 * server cart in session mode: a form post carries no more). A guest cart kept in storage
 * (tokens mode) keeps what it shows, so it needs the whole `ProductSummary`.
 */
export interface CartProductRef {
  id: number;
}

/**
 * One interface over the two carts (spec section 4): every method works on the guest cart in
 * storage while nobody is signed in, and on the server draft once someone is. Each method
 * answers the cart after the change. Server methods take the call options (`locale`, `signal`)
 * last; the guest cart ignores them.
 */
export interface Cart {
  /**
   * The cart now. Signed in, it is the open draft (opened when there is none): the SAME read as
   * `checkout.draft()` (`prepareDraft`), so a storefront keeps one cache entry for cart and
   * checkout. The draft's `pendingOrder` names an order waiting for payment that holds items.
   * Session mode: `readCart`, the visitor's server cart (a guest without one: an empty guest
   * state).
   */
  read(options?: CallOptions): Promise<CartState>;
  /**
   * Adds `amount` units (default 1) of a product, on top of what is in the cart: for a customer
   * ONE request (`addToDraft`). Above what can be ordered it throws a `ValidationError` with
   * `fieldCodes.amount` `cannot_add_more`: the server's answer, or, for a guest, the same rule
   * applied to the product as shown (the guest cart is then left as it was).
   */
  add(product: ProductSummary | CartProductRef, amount?: number, options?: CallOptions): Promise<CartState>;
  /** Sets a product's amount; 0 removes it. Raising it above what can be ordered throws as `add`. */
  setAmount(productId: number, amount: number, options?: CallOptions): Promise<CartState>;
  remove(productId: number, options?: CallOptions): Promise<CartState>;
  /** Empties the cart (the server draft keeps its id, with no rows). */
  clear(options?: CallOptions): Promise<CartState>;
  /**
   * Sets the promo code, its outer whitespace trimmed (`normalizePromoCode`), as the validator
   * and the server trim it. A code the validator refuses (`validatePromoCode`: empty, a space
   * inside, too long) throws the same `ValidationError` as the server's 422
   * (`fieldCodes.promoCode` `promo_code_invalid`) before any call, for a guest and a customer
   * alike; nothing else is changed. An unknown code is the server's to refuse.
   */
  applyPromoCode(code: string, options?: CallOptions): Promise<CartState>;
  removePromoCode(options?: CallOptions): Promise<CartState>;
  /**
   * Right after sign-in: merges the guest cart into the open draft in ONE request
   * (`mergeIntoDraft`; the server applies the rule: new items added, differing amounts take the
   * larger, up to what can be ordered, and a row the draft had is never lowered or dropped),
   * reports `added`, `raised`, `limited` and `dropped` exactly as the server answered, then clears
   * the guest cart. The guest's promo code (the `promoCode` store) goes to the draft unless it has
   * one; a code the API refuses is reported, not thrown. A guest cart with malformed rows throws
   * before any call, and any failure leaves the guest cart as it is.
   *
   * Session mode: the API merged the guest's server cart at sign-in; this reports that merge (the
   * sign-in answer's `merge`) without sending the rows again, and merges only rows this browser
   * still held in storage from before.
   */
  mergeAtSignIn(options?: CallOptions): Promise<CartMergeReport>;
}

function wholeUnits(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new TypeError(
      `cart.${name}: the amount must be a whole number of at least ${min}: ${value}`,
    );
  }
  return value;
}

function productIdOf(name: string, id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new TypeError(`cart.${name}: not a product id: ${id}`);
  }
  return id;
}

/**
 * Two merges one after the other (the sign-in's, then the rows storage still held): the later
 * draft, and what either did. A product the first added is not "raised" by the second.
 */
function joinMerges(
  first: DraftMergeAnswer | null,
  second: DraftMergeAnswer | null,
): DraftMergeAnswer | null {
  if (!first || !second) return first ?? second;
  const added = [...new Set([...first.added, ...second.added])];
  return {
    draft: second.draft,
    changed: first.changed || second.changed,
    added,
    raised: [...new Set([...first.raised, ...second.raised])].filter((id) => !added.includes(id)),
    limited: [...first.limited, ...second.limited],
    dropped: [...first.dropped, ...second.dropped],
  };
}

function isSummary(product: ProductSummary | CartProductRef): product is ProductSummary {
  return 'price' in product && 'name' in product;
}

/** The cart facade: the storefront's RTK Query endpoints call it, components never do. */
export function createCart(options: CreateCartOptions): Cart {
  const { client, guestCart, promoCode } = options;
  const signedIn = () => client.isSignedIn();
  const guestState = (rows: LocalCartRow[] = guestCart.rows()): CartState => ({
    kind: 'guest',
    rows,
    promoCode: promoCode?.get() ?? null,
  });
  const server = (draft: OrderDraft): CartState => ({ kind: 'server', draft });

  /** The guest's promo code onto the merged draft (see `MergedPromoCode`). */
  async function carryPromoCode(
    draft: OrderDraft,
    callOptions?: CallOptions,
  ): Promise<{ draft: OrderDraft; promoCode: MergedPromoCode | null }> {
    const code = promoCode?.get() ?? null;
    if (!promoCode || !code) return { draft, promoCode: null };
    if (draft.promoCode) {
      promoCode.clear();
      return {
        draft,
        promoCode: { code, applied: false, reason: 'draft_has_code', draftCode: draft.promoCode },
      };
    }
    try {
      const withCode = await client.orders.setPromoCode(draft.id, code, callOptions);
      promoCode.clear();
      return { draft: withCode, promoCode: { code, applied: true } };
    } catch (error) {
      // A refusal is an answer about the code; anything else (network) keeps it for a later try.
      if (error instanceof ApiError && (error.status === 422 || error.status === 400)) {
        promoCode.clear();
        // The promo field's own code (`promo_code_invalid`) when the answer names one.
        const errorCode =
          (error instanceof ValidationError ? error.fieldCodes.promoCode : undefined) ??
          error.code ??
          'promo_code_invalid';
        return { draft, promoCode: { code, applied: false, reason: 'refused', errorCode } };
      }
      return { draft, promoCode: null };
    }
  }

  /** One product's amount on the draft (0 removes it): the draft's id first, then the amount. */
  async function setServerAmount(
    productId: number,
    amount: number,
    callOptions?: CallOptions,
  ): Promise<CartState> {
    const draft = await client.orders.prepareDraft(callOptions);
    return server(await client.orders.setSkuAmount(draft.id, productId, amount, callOptions));
  }

  if (client.authMode === 'session') return sessionCart();

  /**
   * Session mode: the cart is the server's for a guest too (its cart cookie), so storage holds
   * nothing new. Rows (and a promo code) this browser kept under `guest-cart` before are merged
   * into the server cart once (the merge creates a guest's cart) and leave storage only after
   * the merge answered: a failure keeps them for the next call.
   */
  function sessionCart(): Cart {
    const readCartOrNone = client.orders.readCart;
    if (!readCartOrNone) {
      throw new TypeError('createCart: a session-mode client needs orders.readCart');
    }
    const readCart = readCartOrNone;
    let moving: Promise<DraftMergeAnswer | null> | null = null;

    /** The stored rows' merge, shared by concurrent calls; null when storage held none. */
    function moveStoredRows(callOptions?: CallOptions): Promise<DraftMergeAnswer | null> {
      moving ??= (async () => {
        const rows = guestCart.rows();
        if (rows.length === 0) return null;
        const merged = await client.orders.mergeIntoDraft(rows, callOptions);
        await guestCart.clear();
        return merged;
      })().finally(() => {
        moving = null;
      });
      return moving;
    }

    /**
     * The server cart after any stored rows went in, with a code held in storage put on it; null
     * for a guest without one.
     */
    async function currentDraft(callOptions?: CallOptions): Promise<OrderDraft | null> {
      const moved = await moveStoredRows(callOptions);
      const draft = moved ? moved.draft : (await readCart(callOptions)).draft;
      return draft && (await carryPromoCode(draft, callOptions)).draft;
    }

    /** A guest without a server cart: nothing in it; a code typed before it is held in storage. */
    const noCart = (): CartState => guestState([]);

    async function setAmountOnServer(
      productId: number,
      amount: number,
      callOptions?: CallOptions,
    ): Promise<CartState> {
      const draft = await currentDraft(callOptions);
      if (!draft) return noCart();
      return server(await client.orders.setSkuAmount(draft.id, productId, amount, callOptions));
    }

    return {
      async read(callOptions) {
        const draft = await currentDraft(callOptions);
        return draft ? server(draft) : noCart();
      },

      async add(product, amount = 1, callOptions) {
        wholeUnits('add', amount, 1);
        productIdOf('add', product.id);
        await moveStoredRows(callOptions);
        // The first add of a guest creates its server cart (and the cart cookie); a code the
        // guest typed before there was one goes onto it now.
        const added = await client.orders.addToDraft(product.id, amount, callOptions);
        return server((await carryPromoCode(added, callOptions)).draft);
      },

      async setAmount(productId, amount, callOptions) {
        productIdOf('setAmount', productId);
        wholeUnits('setAmount', amount, 0);
        return setAmountOnServer(productId, amount, callOptions);
      },

      async remove(productId, callOptions) {
        productIdOf('remove', productId);
        return setAmountOnServer(productId, 0, callOptions);
      },

      async clear(callOptions) {
        const draft = await currentDraft(callOptions);
        if (!draft) return noCart();
        return server(await client.orders.setItems(draft.id, [], callOptions));
      },

      async applyPromoCode(typed, callOptions) {
        if (validatePromoCode(typed)) throw cartRefusal('promoCode', 'promo_code_invalid');
        const code = normalizePromoCode(typed);
        const draft = await currentDraft(callOptions);
        if (draft) return server(await client.orders.setPromoCode(draft.id, code, callOptions));
        if (!promoCode) {
          throw new TypeError(
            'cart.applyPromoCode: a guest without a server cart needs the promoCode store option',
          );
        }
        promoCode.set(code);
        return noCart();
      },

      async removePromoCode(callOptions) {
        promoCode?.clear();
        const draft = await currentDraft(callOptions);
        if (!draft) return noCart();
        return server(await client.orders.setPromoCode(draft.id, null, callOptions));
      },

      async mergeAtSignIn(callOptions) {
        if (!signedIn()) {
          throw new TypeError('cart.mergeAtSignIn: nobody is signed in (call it after sign-in)');
        }
        const stored = await moveStoredRows(callOptions);
        // The API merged the guest's server cart in the sign-in request itself (taken once the
        // stored rows went in, so a failure above leaves it to report on the next try).
        const atSignIn = client.takeSignInMerge?.() ?? null;
        const merged = joinMerges(atSignIn, stored);
        const draft = merged?.draft ?? (await client.orders.prepareDraft(callOptions));
        const carried = await carryPromoCode(draft, callOptions);
        return {
          draft: carried.draft,
          changed: (merged?.changed ?? false) || carried.promoCode?.applied === true,
          added: merged?.added ?? [],
          raised: merged?.raised ?? [],
          limited: merged?.limited ?? [],
          dropped: merged?.dropped ?? [],
          promoCode: carried.promoCode,
        };
      },
    };
  }

  return {
    async read(callOptions) {
      return signedIn() ? server(await client.orders.prepareDraft(callOptions)) : guestState();
    },

    async add(product, amount = 1, callOptions) {
      wholeUnits('add', amount, 1);
      productIdOf('add', product.id);
      if (!signedIn()) {
        if (!isSummary(product)) {
          throw new TypeError('cart.add: a guest cart kept in storage needs the whole ProductSummary, not only its id');
        }
        return guestState(await guestCart.add(product, amount));
      }
      // One request that adds on the server (no read-then-set): two tabs adding at once keep
      // both units, and the server refuses more than can be ordered (`cannot_add_more`).
      return server(await client.orders.addToDraft(product.id, amount, callOptions));
    },

    async setAmount(productId, amount, callOptions) {
      productIdOf('setAmount', productId);
      wholeUnits('setAmount', amount, 0);
      if (!signedIn()) return guestState(await guestCart.setAmount(productId, amount));
      return setServerAmount(productId, amount, callOptions);
    },

    async remove(productId, callOptions) {
      productIdOf('remove', productId);
      if (!signedIn()) return guestState(await guestCart.remove(productId));
      return setServerAmount(productId, 0, callOptions);
    },

    async clear(callOptions) {
      if (!signedIn()) return guestState(await guestCart.clear());
      const draft = await client.orders.prepareDraft(callOptions);
      return server(await client.orders.setItems(draft.id, [], callOptions));
    },

    async applyPromoCode(typed, callOptions) {
      // The validator's rule, the server's too: outer whitespace is trimmed (" Welcome10 " is
      // "Welcome10"), a space inside is refused with the server's code, so what a guest holds is
      // what the server will be asked at sign-in.
      if (validatePromoCode(typed)) throw cartRefusal('promoCode', 'promo_code_invalid');
      const code = normalizePromoCode(typed);
      if (!signedIn()) {
        if (!promoCode) {
          throw new TypeError('cart.applyPromoCode: a guest cart needs the promoCode store option');
        }
        promoCode.set(code);
        return guestState();
      }
      const draft = await client.orders.prepareDraft(callOptions);
      return server(await client.orders.setPromoCode(draft.id, code, callOptions));
    },

    async removePromoCode(callOptions) {
      if (!signedIn()) {
        promoCode?.clear();
        return guestState();
      }
      const draft = await client.orders.prepareDraft(callOptions);
      return server(await client.orders.setPromoCode(draft.id, null, callOptions));
    },

    async mergeAtSignIn(callOptions) {
      if (!signedIn()) {
        throw new TypeError('cart.mergeAtSignIn: nobody is signed in (call it after sign-in)');
      }
      // mergeIntoDraft refuses malformed rows before anything is sent or cleared. One request:
      // the server merges and says what it did; nothing here retries or drops rows.
      const result = await client.orders.mergeIntoDraft(guestCart.rows(), callOptions);
      await guestCart.clear();
      const carried = await carryPromoCode(result.draft, callOptions);
      return {
        draft: carried.draft,
        changed: result.changed || carried.promoCode?.applied === true,
        added: result.added,
        raised: result.raised,
        limited: result.limited,
        dropped: result.dropped,
        promoCode: carried.promoCode,
      };
    },
  };
}
