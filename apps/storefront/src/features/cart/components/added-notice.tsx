import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Container, Notice } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { useLocale } from '../../../lib/use-locale';
import { ADDED_PARAM } from '../../../lib/page-params';
import { useGetCartQuery } from '../cart-api';

/**
 * "Added to cart" on the page an add sent without the scripts came back to (`?added=<id>`, set by
 * the cart's action): the header's count alone went unnoticed, and a second press added a second
 * unit. With the scripts a notification says it (add-to-cart-form.tsx); this is drawn from the
 * address, by the server and the browser alike.
 */
export function AddedToCartNotice() {
  const [search] = useSearchParams();
  const locale = useLocale();
  const added = Number(search.get(ADDED_PARAM) ?? NaN);
  const { name } = useGetCartQuery(locale, {
    skip: !Number.isInteger(added),
    selectFromResult: ({ data }) => ({ name: data?.lines.find((line) => line.product.id === added)?.product.name }),
  });
  // Only for what is in the cart (a stale or made-up address says nothing).
  if (!name) return null;
  return (
    <Container className="pt-4">
      <Notice tone="success" title={<Trans>Added to cart</Trans>}>
        <p>
          {name}.{' '}
          <AppLink to="/cart" className="font-semibold text-primary underline underline-offset-4">
            <Trans>View cart</Trans>
          </AppLink>
        </p>
      </Notice>
    </Container>
  );
}
