/** GET /api/constants: the shop's settings, from configuration with the spec's defaults. */
import {
  CATALOG_PAGE_SIZE,
  COPYRIGHT_YEAR,
  NOTIFICATION_TIMEOUT_MS,
  TTY_PHONE,
} from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import type { Settings } from '@otc/sdk/schemas';
import type { AppConfig } from '../env.js';

export function buildSettings(config: AppConfig): Settings {
  return {
    companyName: config.companyName,
    copyrightYear: COPYRIGHT_YEAR,
    supportPhone: config.supportPhone,
    ttyPhone: TTY_PHONE,
    supportEmail: config.supportEmail,
    deliveryStates: config.deliveryStates,
    minimumOrder: fromCents(config.minimumOrderCents),
    paymentMethods: config.paymentMethods,
    requiredProfileFields: config.requiredProfileFields,
    codeResendSeconds: config.codeResendSeconds,
    pageSize: CATALOG_PAGE_SIZE,
    notificationTimeoutMs: NOTIFICATION_TIMEOUT_MS,
    addingContactsEnabled: config.addingContactsEnabled,
    defaultLoginRedirect: '/',
    catalogPath: '/catalog',
    productPath: '/item',
  };
}
