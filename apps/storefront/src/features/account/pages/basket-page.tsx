// `/account/basket` (issue 31): the suggested basket. What the member's allowance left can buy
// before the period ends (the API applies the SDK's rule), each item with its reason, amounts the
// member can change, the total against the allowance left, and "Add all to cart" in one request
// (the cart's merge rule: nothing already in the cart is lowered or lost), then the cart with a
// notice. Then the items bought before that the plan does not cover any more, with why.
//
// The page's form posts to its action, so it works without the scripts too: a step of an amount
// posts the amounts (the page is drawn again with them), "Add all to cart" adds them and answers
// 303 to the cart.
import { useEffect, useState } from 'react';
import { Form, redirect, useActionData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from '@otc/ui/icons';
import {
  basketReasonText,
  checkMinimumOrder,
  formatDate,
  formatPrice,
  fromCents,
  toCents,
  type SuggestedBasket,
  type SuggestedBasketRow,
} from '@otc/sdk';
import { Button, EmptyState, LineItem, Notice, QuantityStepper } from '@otc/ui';
import { awaitOnServer, holdQuery } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { AccountLayout } from '../../../components/account-layout';
import { AppLink } from '../../../components/app-link';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath, localizePath } from '../../../lib/locale';
import { CsrfField, formFailure, type FormFailure } from '../../../kernel/page-form';
import { productImageUrl, productPath } from '../../../lib/product-links';
import { useLocale } from '../../../lib/use-locale';
import { AccountLoading } from '../components/account-loading';
import { basketApi, useGetSuggestedBasketQuery } from '../basket-api';

/** The field of a row's amount: `amount.<product id>`. */
const AMOUNT_FIELD = 'amount.';
/** The cart's notice after "Add all to cart" (`/cart?basket=added`). */
export const BASKET_ADDED_PARAM = 'basket';

export function loader(args: LoaderFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const store = storeOf(args);
  return awaitOnServer([holdQuery(store.dispatch(basketApi.endpoints.getSuggestedBasket.initiate(locale)))]);
}

/** The amounts a post carries (the last value of a field: a step's button follows its row's field). */
function postedAmounts(form: FormData): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const key of new Set(form.keys())) {
    if (!key.startsWith(AMOUNT_FIELD)) continue;
    const id = key.slice(AMOUNT_FIELD.length);
    const values = form.getAll(key);
    const amount = Number(values[values.length - 1]);
    if (/^\d{1,10}$/.test(id) && Number.isInteger(amount) && amount >= 0 && amount <= 100_000) amounts[id] = amount;
  }
  return amounts;
}

/** What the action answers when nothing was added: the amounts (a step without the scripts). */
interface BasketAmounts {
  amounts: Record<string, number>;
}

export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const form = await args.request.formData();
  const amounts = postedAmounts(form);
  if (form.get('intent') !== 'add') return { amounts } satisfies BasketAmounts;
  const rows = Object.entries(amounts)
    .filter(([, amount]) => amount > 0)
    .map(([id, amount]) => ({ productId: Number(id), amount }));
  const result = await store.dispatch(basketApi.endpoints.addBasketToCart.initiate({ rows, locale }));
  if (result.error) {
    const values: Record<string, string> = {};
    for (const [id, amount] of Object.entries(amounts)) values[`${AMOUNT_FIELD}${id}`] = String(amount);
    return formFailure(values, result.error);
  }
  const added = result.data.added.length + result.data.raised.length;
  return redirect(`${localizePath('/cart', locale)}?${BASKET_ADDED_PARAM}=${added}`);
}

/** A line of the totals: its words, and the figure at the right edge (never wrapped under them). */
const sumRow = 'flex items-baseline justify-between gap-4';
const sumValue = 'shrink-0 text-right tabular-nums';

function amountsOf(basket: SuggestedBasket, posted: Record<string, number> | null): Record<number, number> {
  const out: Record<number, number> = {};
  for (const row of basket.items) out[row.product.id] = posted?.[String(row.product.id)] ?? row.amount;
  return out;
}

function isFailure(value: unknown): value is FormFailure {
  return typeof value === 'object' && value !== null && 'error' in value;
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const { currentData: basket, isError, refetch } = useGetSuggestedBasketQuery(locale);
  return (
    <AccountLayout
      title={t`Your suggested basket`}
      intro={<Trans>What your allowance can buy before it expires: items your plan covers, in stock.</Trans>}
    >
      {basket ? <Basket basket={basket} /> : <AccountLoading failed={isError} onRetry={() => void refetch()} />}
    </AccountLayout>
  );
}

function Basket({ basket }: { basket: SuggestedBasket }) {
  const { t } = useLingui();
  const locale = useLocale();
  const answer = useActionData<BasketAmounts | FormFailure>();
  const navigation = useNavigation();
  const posted: Record<string, number> | null = answer
    ? isFailure(answer)
      ? Object.fromEntries(
          Object.entries(answer.values).map(([key, value]) => [key.slice(AMOUNT_FIELD.length), Number(value)]),
        )
      : answer.amounts
    : null;
  const [amounts, setAmounts] = useState(() => amountsOf(basket, posted));
  // A new basket (another language, a changed cart) or amounts drawn by the server after a step.
  useEffect(() => setAmounts(amountsOf(basket, posted)), [basket, answer]); // eslint-disable-line react-hooks/exhaustive-deps

  const leftCents = toCents(basket.allowanceLeft);
  const totalCents = basket.items.reduce((sum, row) => sum + toCents(row.product.price) * (amounts[row.product.id] ?? 0), 0);
  const over = totalCents > leftCents;
  // The shop's minimum order (the SDK's rule, as the cart and the API check it): a basket under it
  // cannot be checked out alone.
  const minimum = checkMinimumOrder(fromCents(totalCents), basket.minimumOrder);
  const units = Object.values(amounts).reduce((sum, n) => sum + n, 0);
  const asOf = new Date();
  const endsOn = basket.periodEndsAt ? formatDate(basket.periodEndsAt, locale, { dateStyle: 'long' }) : null;
  const adding = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'add';

  return (
    <div className="flex flex-col gap-8">
      <p className="text-lg" data-testid="basket-allowance">
        {endsOn ? (
          <Trans>
            You have <strong className="whitespace-nowrap">{formatPrice(basket.allowanceLeft)}</strong> left to spend by{' '}
            <strong className="whitespace-nowrap">{endsOn}</strong>. What is left when the period ends does not carry over.
          </Trans>
        ) : (
          <Trans>
            You have <strong className="whitespace-nowrap">{formatPrice(basket.allowanceLeft)}</strong> left to spend.
          </Trans>
        )}
      </p>

      {isFailure(answer) ? (
        <Notice tone="error" title={t`The basket could not be added to your cart`}>
          {apiErrorText(locale, answer.error)}
        </Notice>
      ) : null}

      {basket.items.length === 0 ? (
        <EmptyState
          title={t`Nothing to suggest right now`}
          description={basket.empty ? basketReasonText(basket.empty, locale, asOf) : undefined}
          action={
            <AppLink to="/catalog" className="font-semibold underline underline-offset-2">
              <Trans>Browse the catalog</Trans>
            </AppLink>
          }
        />
      ) : (
        <Form method="post" className="flex flex-col gap-6" aria-labelledby="basket-items">
          <CsrfField />
          <h2 id="basket-items" className="text-2xl font-bold">
            <Trans>Items for you</Trans>
          </h2>
          <ul className="rounded-xl border border-border bg-surface px-4">
            {basket.items.map((row) => (
              <BasketRow
                key={row.product.id}
                row={row}
                amount={amounts[row.product.id] ?? 0}
                onChange={(amount) => setAmounts((now) => ({ ...now, [row.product.id]: amount }))}
                asOf={asOf}
              />
            ))}
          </ul>
          <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4 text-lg">
            <p className={sumRow}>
              <span>{plural(units, { one: 'Basket total, # item', other: 'Basket total, # items' })}</span>
              <strong data-testid="basket-total" className={sumValue}>
                {formatPrice(fromCents(totalCents))}
              </strong>
            </p>
            <p className={sumRow}>
              <span>
                <Trans>Allowance left</Trans>
              </span>
              <span className={sumValue}>{formatPrice(basket.allowanceLeft)}</span>
            </p>
            {units > 0 && !minimum.ok ? (
              <Notice tone="info">
                <Trans>
                  The minimum order is {formatPrice(minimum.minimum)}: add {formatPrice(minimum.missing)} more here
                  or in your cart to check out.
                </Trans>
              </Notice>
            ) : null}
            {over ? (
              <Notice tone="warning">
                <Trans>This is more than your allowance left. Checkout asks for another way to pay the rest.</Trans>
              </Notice>
            ) : (
              <p className={sumRow}>
                <span>
                  <Trans>Left after this basket</Trans>
                </span>
                <span className={sumValue}>{formatPrice(fromCents(leftCents - totalCents))}</span>
              </p>
            )}
          </div>
          <div>
            <Button
              type="submit"
              name="intent"
              value="add"
              size="lg"
              disabled={units === 0}
              loading={adding}
              loadingLabel={t`Adding to your cart`}
              startIcon={<ShoppingCart aria-hidden="true" className="size-5" />}
            >
              <Trans>Add all to cart</Trans>
            </Button>
            <p className="mt-2 text-base text-muted">
              <Trans>Items already in your cart stay as they are; an amount is only raised.</Trans>
            </p>
          </div>
        </Form>
      )}

      {basket.notCovered.length > 0 ? (
        <section aria-labelledby="basket-not-covered" className="flex flex-col gap-3">
          <h2 id="basket-not-covered" className="text-2xl font-bold">
            <Trans>Bought before, not covered any more</Trans>
          </h2>
          <ul className="rounded-xl border border-border bg-surface px-4">
            {basket.notCovered.map((row) => (
              <LineItem
                key={row.product.id}
                size="sm"
                imageSrc={productImageUrl(row.product.mainImage)}
                title={<AppLink to={productPath(row.product.id)}>{row.product.name}</AppLink>}
              >
                <p>{basketReasonText(row.reason, locale, asOf)}</p>
                <p className="text-muted">
                  <Trans>Last bought on {formatDate(row.lastBoughtOn, locale, { dateStyle: 'long' })}</Trans>
                </p>
              </LineItem>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function BasketRow({
  row,
  amount,
  onChange,
  asOf,
}: {
  row: SuggestedBasketRow;
  amount: number;
  onChange: (amount: number) => void;
  asOf: Date;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { product } = row;
  const field = `${AMOUNT_FIELD}${product.id}`;
  const name = product.name;
  return (
    <LineItem
      data-testid="basket-row"
      imageSrc={productImageUrl(product.mainImage)}
      title={<AppLink to={productPath(product.id)}>{name}</AppLink>}
      aside={
        <div className="flex flex-col items-start gap-1 @lg:items-end">
          {/* The amount as the form sends it; a step's button (without the scripts) comes after it. */}
          <input type="hidden" name={field} value={amount} />
          <QuantityStepper
            value={amount}
            onChange={onChange}
            min={0}
            max={product.inStock}
            name={field}
            label={t`Amount of ${name}`}
            decrementLabel={t`One less ${name}`}
            incrementLabel={t`One more ${name}`}
            maxReachedMessage={t`No more in stock`}
          />
          <strong className="text-lg">{formatPrice(fromCents(toCents(product.price) * amount))}</strong>
        </div>
      }
    >
      <p className="text-base">{basketReasonText(row.reason, locale, asOf)}</p>
      <p className="text-muted">
        <Trans>{formatPrice(product.price)} each</Trans>
      </p>
    </LineItem>
  );
}
