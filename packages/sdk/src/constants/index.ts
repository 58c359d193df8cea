// Business constants of the shop (spec section 9 and architecture.md "Decisions").

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** BCP 47 tags used for Intl formatting and `<html lang>`. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-US' };
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MAX_WAIT_MS = 2000;
export const REDIRECT_DEBOUNCE_MS = 500;
export const FORM_VALIDATION_DEBOUNCE_MS = 300;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const ROUTE_PREFETCH_LIMIT = 4;
export const CATALOG_COLUMNS = 3;
export const CATALOG_PAGE_SIZE = 24;
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (a sign-in or a new one). */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * What one customer may hold (issue 32), the API's defaults (MAX_UNITS_PER_ITEM,
 * HOLD_VALUE_OTHER_CARDS, HOLD_COOLDOWN_MINUTES) and the test kit's rules: units of one item in an
 * order (the settings' `maxUnitsPerItem`), what an unpaid order may be worth beyond the money on
 * file (a card typed at checkout; a quarter's OTC allowance), and the minutes after a hold ended
 * unpaid before its customer may hold the same items again.
 */
export const DEFAULT_MAX_UNITS_PER_ITEM = 20;
export const DEFAULT_HOLD_VALUE_OTHER_CARDS = '250.00';
export const DEFAULT_HOLD_COOLDOWN_MINUTES = 10;

/**
 * How long delivery takes, in business days (Monday to Friday), the API's defaults
 * (DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX; the settings' `deliveryEstimate`): 2 to 5, as the
 * best benefit portals promise.
 */
export const DEFAULT_DELIVERY_ESTIMATE = { minBusinessDays: 2, maxBusinessDays: 5 } as const;

/** The largest value of a PostgreSQL `integer` (int4): every id, amount and count fits. */
export const INT4_MAX = 2_147_483_647;
/** The largest price (in dollars) a query may name: its cents still fit an int4. */
export const PRICE_MAX = INT4_MAX / 100;
/**
 * Bounded answers: a 422 lists at most this many field errors (the first ones, with
 * `truncated: true` when there were more), so its size never grows with the request.
 */
export const FIELD_ERRORS_MAX = 20;
/** Keys of a payment's `input` (a card method takes `card` and `code`; room for a few more). */
export const PAYMENT_INPUT_KEYS_MAX = 8;
/** Longest text fields, in characters (database columns hold them; forms stop typing there). */
export const TEXT_MAX = {
  name: 80,
  organization: 120,
  address: 200,
  city: 100,
  email: 254,
  login: 254,
  message: 4000,
  productName: 200,
  description: 2000,
  link: 2000,
  code: 64,
  token: 2048,
  query: 200,
} as const;
/** Earliest birth year accepted. */
export const BIRTH_YEAR_MIN = 1900;
export const ONE_TIME_CODE_LENGTH = 6;
/**
 * Recent proof (changes that could take an account: password, contacts): a sign-in counts as
 * proof for this long...
 */
export const RECENT_SIGN_IN_PROOF_MINUTES = 5;
/** ...and a proof given on purpose (current password or a code to the primary contact) this long. */
export const PROOF_VALID_MINUTES = 10;
export const DEFAULT_CODE_RESEND_SECONDS = 60;
export const DEFAULT_MINIMUM_ORDER = '25.00';
export const TTY_PHONE = '711';
export const COPYRIGHT_YEAR = 2024;

/** Simulated delays of the local guest cart (spec section 9); off unless asked for. */
export const GUEST_CART_DELAYS = { add: 200, remove: 200, clear: 600, default: 100 } as const;

export const PAYMENT_METHOD_CODES = [
  'trnsx',
  'nationsbenefits',
  'prohealth',
  'credit',
  'balance',
] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number];
export const DEFAULT_PAYMENT_METHODS: PaymentMethodCode[] = [
  'trnsx',
  'prohealth',
  'nationsbenefits',
];

export const PLAN_CODES = ['cl1', 'ep', 'uhc', 'wc', 'fc', 'hum', 'mhc', 'uhp', 'dev'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
/** Plan codes whose members are recommended the card methods trnsx and nationsbenefits. */
export const CARD_NETWORK_PLANS: readonly string[] = ['cl1', 'ep'];
/** Plan codes whose members are recommended the insurance method prohealth. */
export const INSURANCE_PLANS: readonly string[] = ['uhc', 'wc', 'fc', 'hum', 'mhc', 'uhp', 'dev'];

export const CARD_TYPES = ['network', 'national', 's3'] as const;
export type CardType = (typeof CARD_TYPES)[number];
/** Allowed digit counts per card type (spec section 5 and 9). */
export const CARD_LENGTHS: Record<CardType, readonly number[]> = {
  network: [16, 19],
  national: [16, 19],
  s3: [16, 17],
};
/**
 * The card issuers' number ranges: the first digits of every card of a type (the shop's settings,
 * `settings.cardRanges`; the API's `CARD_RANGES`). A number tells its own type from them
 * (`cardTypeOfNumber`), so a member need not know which card they hold.
 */
export type CardRanges = Readonly<Record<CardType, readonly string[]>>;
/** The ranges of the bundled sandbox issuer (network 6035, national 6036, S3 6037). */
export const DEFAULT_CARD_RANGES: CardRanges = {
  network: ['6035'],
  national: ['6036'],
  s3: ['6037'],
};
/** Digit counts of the security code (CVV) printed on each card type. */
export const CARD_CODE_LENGTHS: Record<CardType, readonly number[]> = {
  network: [3],
  national: [3],
  s3: [3, 4],
};
/**
 * The benefit card type of the methods paid with a card number typed at checkout (prohealth pays
 * with the customer's active card on file, credit with a credit card number alone).
 */
export const TYPED_CARD_TYPE = {
  trnsx: 'network',
  nationsbenefits: 'national',
} as const satisfies Partial<Record<PaymentMethodCode, CardType>>;
/** Which payment method a card type pays through (architecture.md). */
export const CARD_TYPE_PAYMENT_METHOD: Record<CardType, PaymentMethodCode> = {
  network: 'trnsx',
  national: 'nationsbenefits',
  s3: 'prohealth',
};

export const SORT_OPTIONS = [
  'default',
  'name-asc',
  'name-desc',
  'price-asc',
  'price-desc',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Item status codes: null means fine. */
export const ITEM_STATUS = { discontinued: -1, inactive: 0, outOfStock: 1 } as const;
export type ItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];

/** Bad reason codes of an order row: null means fine. */
export const BAD_REASON = { outOfStock: 1, notSupportedByPlan: 2, notAvailable: 3 } as const;
export type BadReasonCode = (typeof BAD_REASON)[keyof typeof BAD_REASON];

export const ORDER_STATUSES = [
  { code: -20, name: 'cancelled', color: 'slate' },
  { code: -10, name: 'waitingForPayment', color: 'orange' },
  { code: -5, name: 'paymentVerification', color: 'rose' },
  { code: 0, name: 'draft', color: 'darkred' },
  { code: 1, name: 'confirmed', color: 'teal' },
  { code: 10, name: 'packaging', color: 'cyan' },
  { code: 20, name: 'shipped', color: 'sky' },
  { code: 30, name: 'delivered', color: 'primary' },
  { code: 50, name: 'returned', color: 'slate' },
] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number]['name'];
export type OrderStatusCode = (typeof ORDER_STATUSES)[number]['code'];
export const ORDER_STATUS = Object.fromEntries(ORDER_STATUSES.map((s) => [s.name, s.code])) as {
  [K in OrderStatusName]: Extract<(typeof ORDER_STATUSES)[number], { name: K }>['code'];
};
export function orderStatusByCode(code: number) {
  return ORDER_STATUSES.find((s) => s.code === code);
}
/** The progress steps shown for a placed order, in order. */
export const ORDER_PROGRESS_STEPS = [
  'paymentVerification',
  'confirmed',
  'packaging',
  'shipped',
  'delivered',
] as const;

/** Profile fields that may be required before shopping (names of Customer fields). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'birthdate',
  'gender',
  'insurancePlan',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export const DEFAULT_REQUIRED_PROFILE_FIELDS: ProfileField[] = [
  'firstName',
  'lastName',
  'birthdate',
];

/** Local storage keys. */
export const STORAGE_KEYS = {
  promoCode: 'promo-code',
  guestCart: 'guest-cart',
  agentId: 'agent-id',
  tokens: 'session-tokens',
} as const;

/**
 * The web session's cookies (docs/web-session.md), both HttpOnly: a member's session and a guest's
 * server cart. Their names only: a server-side render tells whether a visitor carries one.
 */
export const WEB_SESSION_COOKIES = {
  session: 'otc_session',
  cart: 'otc_cart',
} as const;

/**
 * The plan a guest chose to see what it covers (issue 29): its code, not a secret (readable by the
 * page's scripts), SameSite=Lax, kept a year. The server draws a guest's catalog and cart with it.
 */
export const GUEST_PLAN_COOKIE = 'otc_plan';
export const GUEST_PLAN_COOKIE_MAX_AGE_DAYS = 365;

/** US states and territories by postal code. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/**
 * The answer header in which the API names the contract version it speaks (`CONTRACT_VERSION`
 * of `@otc/sdk/contract`); the client keeps the last one seen (`client.contractVersion()`).
 */
export const CONTRACT_VERSION_HEADER = 'X-Contract-Version';
