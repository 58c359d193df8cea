import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { promoPercent, promoPercentsFrom } from '@otc/sdk';
import { api } from '../lib/api';
import { useAppDispatch, useShopSdk } from './hooks';
import { notify } from './notify';
import { useGetSettingsQuery } from './settings-api';

/** The code of the `?personalcode=` link this page was opened with, until it has been judged. */
let landingCode: string | null = null;

/** Called by the root loader with the code of a `?personalcode=` link (guards.ts). */
export function noteLinkCode(code: string): void {
  landingCode = code;
}

/** For tests: forget a code not yet judged. */
export function resetLinkCode(): void {
  landingCode = null;
}

/**
 * Says on landing whether the code of a `?personalcode=` link is one of the shop's promotions (the
 * settings' `promotions`, the ones running now), in the page's language: a valid code is kept for
 * the cart (the server checks it again on the customer's draft), a code the shop does not run is
 * dropped, so the cart never shows it as applied.
 */
export function useLinkCodeNotice(): void {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { promoCodes } = useShopSdk();
  const { data: settings } = useGetSettingsQuery();
  useEffect(() => {
    const code = landingCode;
    if (!code || !settings) return;
    landingCode = null;
    const percent = promoPercent(code, promoPercentsFrom(settings.promotions));
    if (percent > 0) {
      notify(dispatch, {
        id: 'link-code',
        title: t`Promo code ${code}: ${percent}% off your order`,
        description: t`It is taken off in your cart.`,
        icon: 'success',
        color: 'success',
      });
      return;
    }
    promoCodes.clear();
    dispatch(api.util.invalidateTags(['Cart']));
    notify(dispatch, {
      id: 'link-code',
      title: t`Promo code ${code} is not valid`,
      description: t`It is not one of our current promotions. You can type another code in your cart.`,
      icon: 'warning',
      color: 'warning',
    });
  }, [settings, dispatch, promoCodes, t]);
}
