import { Trans } from '@lingui/react/macro';
import { Container, LinkButton, Notice, Skeleton } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import { useGetCartQuery } from '../../../kernel/draft-api';
import { DeliveryChooser, formatAddress } from '../components/delivery-chooser';

/** /order/delivery: the delivery address of the open order, chosen or added. */
export function Component() {
  const locale = useLocale();
  const localize = useLocalizePath();
  // The open draft: the cart's one cache entry.
  const { data: view, isLoading } = useGetCartQuery(locale);
  const draft = view?.draft ?? undefined;
  const current = draft?.deliveryAddress ? formatAddress(draft.deliveryAddress) : null;
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8">
      <h1 className="text-3xl font-bold">
        <Trans>Delivery address</Trans>
      </h1>
      {isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          {current ? (
            <Notice tone="success" title={<Trans>Your order will be delivered to</Trans>}>
              {current}
            </Notice>
          ) : (
            <Notice tone="info">
              <Trans>Choose or add the address where we should deliver your order.</Trans>
            </Notice>
          )}
          {/* Without the scripts a new address posts to the open order's checkout, which delivers there. */}
          <DeliveryChooser
            draft={draft}
            addressPost={draft ? { action: localize(`/checkout/${draft.id}?step=delivery`) } : undefined}
          />
          {draft && draft.rows.length > 0 ? (
            <div>
              <LinkButton
                as={AppLink}
                to={draft.deliveryAddress ? `/checkout/${draft.id}?step=payment` : `/checkout/${draft.id}?step=delivery`}
                size="lg"
              >
                <Trans>Continue to checkout</Trans>
              </LinkButton>
            </div>
          ) : (
            <AppLink to="/cart" className="font-semibold text-primary underline underline-offset-4">
              <Trans>Back to cart</Trans>
            </AppLink>
          )}
        </>
      )}
    </Container>
  );
}
