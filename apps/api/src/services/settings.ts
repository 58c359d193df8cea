/**
 * GET /api/constants: the shop's settings, from configuration with the spec's defaults, plus the
 * promotions active now with their percent (the `promo_codes` rows are the truth; read at most
 * every `ttlMs`). Also the liveness check of GET /api/health.
 */
import { sql } from 'drizzle-orm';
import {
  CATALOG_PAGE_SIZE,
  COPYRIGHT_YEAR,
  NOTIFICATION_TIMEOUT_MS,
  TTY_PHONE,
} from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import type { Settings } from '@otc/sdk/schemas';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { TtlCache } from './catalog.js';
import type { Promotion, Promotions } from './orders/index.js';

/** The settings that come from configuration (all but the promotions). */
export function buildSettings(config: AppConfig): Omit<Settings, 'promotions'> {
  return {
    companyName: config.companyName,
    copyrightYear: COPYRIGHT_YEAR,
    supportPhone: config.supportPhone,
    ttyPhone: TTY_PHONE,
    supportEmail: config.supportEmail,
    deliveryStates: config.deliveryStates,
    minimumOrder: fromCents(config.minimumOrderCents),
    paymentMethods: config.paymentMethods,
    cardRanges: config.cardRanges,
    requiredProfileFields: config.requiredProfileFields,
    codeResendSeconds: config.codeResendSeconds,
    pageSize: CATALOG_PAGE_SIZE,
    notificationTimeoutMs: NOTIFICATION_TIMEOUT_MS,
    addingContactsEnabled: config.addingContactsEnabled,
    defaultLoginRedirect: '/',
    catalogPath: '/catalog',
    productPath: '/item',
    // Whole minutes on the wire: a fractional hold (the heavy suite's seconds) shows as 1.
    unpaidOrderMinutes: Math.max(1, Math.ceil(config.unpaidOrderMs / 60_000)),
    maxUnitsPerItem: config.maxUnitsPerItem,
    orderCancelMinutes: Math.floor(config.orderCancelMs / 60_000),
    deliveryEstimate: config.deliveryEstimate,
  };
}

export function createSettingsService(deps: {
  db: Db;
  config: AppConfig;
  clock: Clock;
  promotions: Pick<Promotions, 'active'>;
  ttlMs?: number;
}) {
  const { db, config, clock, promotions } = deps;
  const fixed = buildSettings(config);
  const cache = new TtlCache<Promotion[]>(deps.ttlMs ?? 30_000, 1, () => clock.now().getTime());

  return {
    /** The settings answer, with the promotions active now. */
    async get(): Promise<Settings> {
      return { ...fixed, promotions: await cache.get('active', () => promotions.active()) };
    },

    /** Forget the promotions read (a change was announced: lib/public-data.ts). */
    invalidate: () => cache.clear(),

    /** Answers only when the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
