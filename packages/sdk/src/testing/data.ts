/**
 * The test shop's starting data: a small bilingual catalog (categories, products with prices,
 * stock and plan coverage, one of each unavailable kind), the health plans, the demo customers
 * and the sandbox cards of the demo shop (apps/api/README.md "Sandbox cards"), and the settings
 * with the API's defaults.
 */
import {
  COPYRIGHT_YEAR,
  DEFAULT_CARD_RANGES,
  DEFAULT_DELIVERY_ESTIMATE,
  DEFAULT_PAYMENT_METHODS,
  DEFAULT_REQUIRED_PROFILE_FIELDS,
  NOTIFICATION_TIMEOUT_MS,
  CATALOG_PAGE_SIZE,
  DEFAULT_CODE_RESEND_SECONDS,
  DEFAULT_MINIMUM_ORDER,
  TTY_PHONE,
  US_STATES,
  type CardType,
  type Locale,
} from '../constants/index.js';
import type { Settings } from '../schemas/index.js';

/** A text in both languages of the shop. */
export interface Bilingual {
  en: string;
  es: string;
}

export interface TestPlan {
  id: number;
  code: string;
  name: string;
  company: string;
  /** The plan's benefit period (default 'quarter'), issue 31. */
  period?: 'month' | 'quarter';
  /** Units of an item (by id) a member may order per period; items not named: no limit. */
  unitsPerPeriod?: Record<number, number>;
}

export interface TestCategory {
  id: number;
  slug: string;
  name: Bilingual;
}

export interface TestProduct {
  id: number;
  categoryId: number;
  name: Bilingual;
  description: Bilingual;
  brand: string;
  manufacturer: string;
  /** Money string, e.g. `'8.99'`. */
  price: string;
  /** Units on hand. */
  stock: number;
  /** Units held by placed, unpaid orders. */
  reserved: number;
  /** Stored item status: null fine, 1 out of stock, 0 inactive, -1 discontinued. */
  status: -1 | 0 | 1 | null;
  /** Plan codes whose benefit covers the product. */
  plans: string[];
}

/** A card of the sandbox issuer: what it does when it pays, and what it holds (cents). */
export interface SandboxCard {
  type: CardType | 'credit';
  /** Digits only. */
  number: string;
  /** Security code; null for credit cards (the number alone pays). */
  code: string | null;
  behavior: 'approve' | 'decline' | 'insufficient';
  balanceCents: number;
}

/** A customer to put in the shop (`createTestShop({ seed })`, `shop.seed(...)`). */
export interface TestCustomerSeed {
  /** The primary, verified e-mail. One of `email` and `phone` is needed. */
  email?: string;
  /** The primary (when no e-mail), verified phone: ten US digits. */
  phone?: string;
  password?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  gender?: 'M' | 'F' | null;
  birthdate?: string | null;
  interfaceLanguage?: Locale;
  /** A plan code of the shop. */
  plan?: string | null;
  /** Store balance, money string. */
  balance?: string;
  /** Numbers of sandbox cards on the account (the first is active). */
  cards?: string[];
  addresses?: Array<{ address: string; city: string; state: string; zip: string; address2?: string | null }>;
}

export const TEST_PLANS: TestPlan[] = [
  { id: 1, code: 'cl1', name: 'Clear Living One', company: 'Clear Living Health' },
  { id: 2, code: 'ep', name: 'Evergreen Plus', company: 'Evergreen Benefits' },
  { id: 3, code: 'uhc', name: 'Union Health Choice', company: 'Union Health' },
  { id: 4, code: 'dev', name: 'Developer Test Plan', company: 'Sandbox Health' },
];

export const TEST_CATEGORIES: TestCategory[] = [
  { id: 1, slug: 'vitamins', name: { en: 'Vitamins & Supplements', es: 'Vitaminas y suplementos' } },
  { id: 2, slug: 'pain-relief', name: { en: 'Pain Relief', es: 'Alivio del dolor' } },
  { id: 3, slug: 'first-aid', name: { en: 'First Aid', es: 'Primeros auxilios' } },
  { id: 4, slug: 'cold-flu', name: { en: 'Cold & Flu', es: 'Resfriado y gripe' } },
  { id: 5, slug: 'personal-care', name: { en: 'Personal Care', es: 'Cuidado personal' } },
];

const ALL_PLANS = TEST_PLANS.map((p) => p.code);

function item(
  id: number,
  categoryId: number,
  en: string,
  es: string,
  brand: string,
  price: string,
  stock: number,
  extra: Partial<TestProduct> = {},
): TestProduct {
  return {
    id,
    categoryId,
    name: { en, es },
    description: {
      en: `${en}. Over-the-counter health product by ${brand}.`,
      es: `${es}. Producto de salud de venta libre de ${brand}.`,
    },
    brand,
    manufacturer: `${brand} Labs`,
    price,
    stock,
    reserved: 0,
    status: null,
    plans: ALL_PLANS,
    ...extra,
  };
}

/**
 * Fourteen products. Unavailable on purpose: 3 (no stock), 6 (inactive), 9 (discontinued);
 * 13 and 14 are not covered by the `cl1` and `ep` plans (as personal care in the demo shop).
 */
export const TEST_PRODUCTS: TestProduct[] = [
  item(1, 1, 'Vitamin D3 1000 IU, 90 softgels', 'Vitamina D3 1000 UI, 90 cápsulas blandas', 'SunWell', '8.99', 40),
  item(2, 1, 'Multivitamin Adults 50+, 100 tablets', 'Multivitamínico adultos 50+, 100 tabletas', 'VitaCore', '12.49', 25),
  item(3, 1, 'Omega-3 Fish Oil 1200 mg, 60 softgels', 'Aceite de pescado Omega-3 1200 mg, 60 cápsulas', 'OceanPure', '15.99', 0),
  item(4, 2, 'Ibuprofen 200 mg, 100 tablets', 'Ibuprofeno 200 mg, 100 tabletas', 'ReliefRx', '6.49', 60),
  item(5, 2, 'Acetaminophen 500 mg, 100 caplets', 'Acetaminofén 500 mg, 100 comprimidos', 'ReliefRx', '5.99', 50),
  item(6, 2, 'Pain Relief Patch, 5 count', 'Parche analgésico, 5 unidades', 'CalmSkin', '9.99', 12, { status: 0 }),
  item(7, 3, 'Adhesive Bandages, 60 count', 'Vendas adhesivas, 60 unidades', 'CareFirst', '4.29', 80),
  item(8, 3, 'First Aid Kit, 100 pieces', 'Botiquín de primeros auxilios, 100 piezas', 'CareFirst', '19.99', 8),
  item(9, 3, 'Antiseptic Wipes, 40 count', 'Toallitas antisépticas, 40 unidades', 'CareFirst', '3.49', 5, { status: -1 }),
  item(10, 4, 'Cough Syrup, 8 oz', 'Jarabe para la tos, 8 oz', 'BreatheEasy', '7.99', 30),
  item(11, 4, 'Saline Nasal Spray, 1.5 oz', 'Spray nasal salino, 1.5 oz', 'BreatheEasy', '4.99', 20),
  item(12, 4, 'Digital Thermometer', 'Termómetro digital', 'MediTemp', '11.99', 15),
  item(13, 5, 'Sunscreen SPF 50, 6 oz', 'Protector solar FPS 50, 6 oz', 'SunWell', '9.49', 22, {
    plans: ['uhc', 'dev'],
  }),
  item(14, 5, 'Lip Balm SPF 15, 2 pack', 'Bálsamo labial FPS 15, paquete de 2', 'SunWell', '2.99', 100, {
    plans: ['uhc', 'dev'],
  }),
];

/** The demo shop's sandbox cards, same numbers, codes and behaviours (apps/api README). */
export const SANDBOX_CARDS: SandboxCard[] = [
  { type: 'network', number: '6035000000000001', code: '123', behavior: 'approve', balanceCents: 25000 },
  { type: 'network', number: '6035000000000002', code: '123', behavior: 'decline', balanceCents: 25000 },
  { type: 'network', number: '6035000000000003', code: '123', behavior: 'insufficient', balanceCents: 500 },
  { type: 'network', number: '6035000000000000019', code: '123', behavior: 'approve', balanceCents: 10000 },
  { type: 'network', number: '6035000000000101', code: '123', behavior: 'approve', balanceCents: 1000000 },
  { type: 'national', number: '6036000000000001', code: '456', behavior: 'approve', balanceCents: 25000 },
  { type: 'national', number: '6036000000000002', code: '456', behavior: 'decline', balanceCents: 25000 },
  { type: 'national', number: '6036000000000003', code: '456', behavior: 'insufficient', balanceCents: 500 },
  { type: 's3', number: '6037000000000001', code: '789', behavior: 'approve', balanceCents: 25000 },
  { type: 's3', number: '6037000000000002', code: '789', behavior: 'decline', balanceCents: 25000 },
  { type: 's3', number: '6037000000000003', code: '789', behavior: 'insufficient', balanceCents: 500 },
  { type: 's3', number: '60370000000000017', code: '1234', behavior: 'approve', balanceCents: 30000 },
  { type: 'network', number: '6035000000001001', code: '321', behavior: 'approve', balanceCents: 15000 },
  { type: 'national', number: '6036000000001001', code: '654', behavior: 'approve', balanceCents: 12000 },
  { type: 's3', number: '6037000000001001', code: '987', behavior: 'approve', balanceCents: 20000 },
  { type: 'credit', number: '4242424242424242', code: null, behavior: 'approve', balanceCents: 50000 },
  { type: 'credit', number: '4000000000000002', code: null, behavior: 'decline', balanceCents: 50000 },
  { type: 'credit', number: '4000000000009995', code: null, behavior: 'insufficient', balanceCents: 500 },
];

/** The demo customers of the demo shop (password `Demo1234`), with their cards and an address. */
export const DEMO_CUSTOMERS: TestCustomerSeed[] = [
  {
    email: 'network.demo@example.com',
    phone: '2025550101',
    password: 'Demo1234',
    firstName: 'Rosa',
    lastName: 'Martinez',
    gender: 'F',
    birthdate: '1952-04-18',
    interfaceLanguage: 'es',
    plan: 'cl1',
    balance: '20.00',
    cards: ['6035000000001001'],
    addresses: [{ address: '1200 Palm Avenue', city: 'Miami', state: 'FL', zip: '33130' }],
  },
  {
    email: 'national.demo@example.com',
    phone: '2025550102',
    password: 'Demo1234',
    firstName: 'James',
    lastName: 'Carter',
    gender: 'M',
    birthdate: '1948-11-02',
    interfaceLanguage: 'en',
    plan: 'ep',
    balance: '0.00',
    cards: ['6036000000001001'],
    addresses: [{ address: '45 Oak Street', city: 'Columbus', state: 'OH', zip: '43215' }],
  },
  {
    email: 's3.demo@example.com',
    phone: '2025550103',
    password: 'Demo1234',
    firstName: 'Linda',
    lastName: 'Nguyen',
    gender: 'F',
    birthdate: '1957-07-23',
    interfaceLanguage: 'en',
    plan: 'uhc',
    balance: '50.00',
    cards: ['6037000000001001'],
    addresses: [{ address: '780 Mission Road', city: 'San Antonio', state: 'TX', zip: '78210' }],
  },
];

/** The settings of `GET /api/constants` with the API's defaults. */
export function defaultSettings(): Settings {
  return {
    companyName: 'Benefit Health Shop LLC',
    copyrightYear: COPYRIGHT_YEAR,
    supportPhone: '+1 (000) 000-0000',
    ttyPhone: TTY_PHONE,
    supportEmail: 'support@example.com',
    deliveryStates: [...US_STATES],
    minimumOrder: DEFAULT_MINIMUM_ORDER,
    paymentMethods: [...DEFAULT_PAYMENT_METHODS],
    cardRanges: { network: [...DEFAULT_CARD_RANGES.network], national: [...DEFAULT_CARD_RANGES.national], s3: [...DEFAULT_CARD_RANGES.s3] },
    requiredProfileFields: [...DEFAULT_REQUIRED_PROFILE_FIELDS],
    codeResendSeconds: DEFAULT_CODE_RESEND_SECONDS,
    pageSize: CATALOG_PAGE_SIZE,
    notificationTimeoutMs: NOTIFICATION_TIMEOUT_MS,
    addingContactsEnabled: true,
    defaultLoginRedirect: '/',
    catalogPath: '/catalog',
    productPath: '/item',
    promotions: [{ code: 'Welcome10', percent: 10 }],
    unpaidOrderMinutes: 30,
    maxUnitsPerItem: 20,
    orderCancelMinutes: 30,
    deliveryEstimate: { ...DEFAULT_DELIVERY_ESTIMATE },
  };
}
