import clsx from 'clsx';
import { Truck } from '@otc/ui/icons';
import { formatDeliveryEstimate } from '@otc/sdk';
import { useGetSettingsQuery } from '../kernel/settings-api';
import { useLocale } from '../lib/use-locale';

/**
 * When the order arrives: "Arrives in 2–5 business days" (the settings' `deliveryEstimate`, said
 * by the SDK in the page's language); given when the order was placed, the days too. Nothing
 * until the settings are here.
 */
export function DeliveryEstimate({ placedAt, className }: { placedAt?: string; className?: string }) {
  const locale = useLocale();
  const { data: settings } = useGetSettingsQuery();
  if (!settings) return null;
  return (
    <p className={clsx('flex items-start gap-2 text-lg', className)}>
      <Truck aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
      <span>{formatDeliveryEstimate(settings.deliveryEstimate, locale, { placedAt })}</span>
    </p>
  );
}
