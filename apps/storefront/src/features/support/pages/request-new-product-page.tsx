import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PackageSearch } from 'lucide-react';
import { TEXT_MAX, productRequestSchema } from '@otc/sdk';
import { Button, Container, Notice, TextAreaField, TextField } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useCharacterCount } from '../../../lib/character-count';
import { useRequestProductMutation } from '../support-api';

const EMPTY = { name: '', description: '', link: '' };

/**
 * Asks the shop to carry a product (signed-in customers; the route sends visitors to sign in
 * first): its name, an optional description and link (checked with the SDK's
 * `productRequestSchema`). The answer is the request's number. `?name=` (the words of a search
 * that found nothing) fills the name.
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const [send, { isLoading }] = useRequestProductMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const [searched] = useState(() =>
    (searchParams.get('name') ?? '').trim().slice(0, TEXT_MAX.productName),
  );
  const form = useShopForm(productRequestSchema, { defaultValues: { ...EMPTY, name: searched } });
  const nameCount = useCharacterCount(form.watch('name'), TEXT_MAX.productName);
  const descriptionCount = useCharacterCount(form.watch('description'), TEXT_MAX.description);

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const result = await send({ body: values, locale });
    if ('data' in result && result.data) {
      setNumber(result.data.number);
      form.reset(EMPTY);
      return;
    }
    const error = ('error' in result ? result.error : undefined) as SdkQueryError | undefined;
    if (error?.status === 422 && form.applyServerErrors(error)) return;
    setFailure(
      error && error.status !== 'FETCH_ERROR' && error.status >= 500
        ? t`Something went wrong. Please try again later.`
        : apiErrorText(locale, error),
    );
  });

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t`Request a new product`}</h1>
        <p className="text-lg">
          <Trans>
            Cannot find a product? Tell us about it and we will try to add it to the catalog.
          </Trans>
        </p>
        {number ? (
          <div
            role="status"
            className="flex gap-4 rounded-2xl border-2 border-success bg-success-soft p-5"
          >
            <PackageSearch aria-hidden="true" className="size-8 shrink-0 text-success" />
            <div className="flex flex-col gap-2 text-lg">
              <p className="text-xl font-bold">
                <Trans>Thank you, we received your request</Trans>
              </p>
              <p>
                <Trans>
                  Your request number is <strong className="font-mono">{number}</strong>.
                </Trans>
              </p>
              <div>
                <Button variant="secondary" onClick={() => setNumber(null)}>
                  <Trans>Request another product</Trans>
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            {failure ? (
              <Notice tone="error" title={t`Your request was not sent`}>
                {failure}
              </Notice>
            ) : null}
            <TextField
              label={t`Product name`}
              requiredMark="*"
              required
              {...nameCount}
              {...form.field('name')}
            />
            <TextAreaField
              label={t`Description (optional)`}
              hint={t`The brand, the size, what you use it for.`}
              {...descriptionCount}
              {...form.field('description')}
            />
            <TextField
              label={t`Link to the product (optional)`}
              hint={t`For example, the product's page in another shop.`}
              type="url"
              inputMode="url"
              autoComplete="url"
              {...form.field('link')}
            />
            <div>
              <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Sending`}>
                <Trans>Send request</Trans>
              </Button>
            </div>
          </form>
        )}
      </div>
    </Container>
  );
}
