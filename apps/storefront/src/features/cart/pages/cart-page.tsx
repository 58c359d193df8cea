// The cart page (a route module: `Component`, `loader`, `action`): its state, its calls and the
// page's states. Its pieces stand beside it: the order summary (cart-summary.tsx), the issues
// notice (cart-issues-notice.tsx), the loader (cart-loader.ts) and two effects
// (cart-page-effects.tsx).
import { useState } from 'react';
import { useActionData, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from '@otc/ui/icons';
import { errorText } from '@otc/sdk';
import { Container, EmptyState, LinkButton, Notice, Skeleton } from '@otc/ui';
import { useCustomer } from '../../../kernel/customer-api';
import { useCoveragePlan, usePlanName } from '../../../kernel/coverage-plan';
import { useAllowanceReminder } from '../../../kernel/allowance-reminder';
import { CartReminder } from '../../../components/reminder-strip';
import { useAppDispatch, useShopSdk } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { focusTarget } from '../../../kernel/route-focus';
import { AppLink } from '../../../components/app-link';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { RemoveStep } from '../../../components/remove-step';
import { REMOVE_STEP_PARAM } from '../../../lib/page-params';
import { PendingOrderNotice } from '../../../components/pending-order-notice';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText, fieldFailureTexts } from '../../../lib/form-messages';
import type { FormFailure } from '../../../kernel/page-form';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import {
  useApplyPromoCodeMutation,
  useGetCartQuery,
  useRemoveFromCartMutation,
  useRemovePromoCodeMutation,
  useSetCartAmountMutation,
} from '../cart-api';
import type { CartDone } from '../cart-action';
import { BuyAgainNotice } from '../components/buy-again-notice';
import { CartLineItem } from '../components/cart-line';
import { PromoCodeForm } from '../components/promo-code-form';
import { IssuesNotice } from './cart-issues-notice';
import { useFocusAfterRemoval, useLinkPromoCode } from './cart-page-effects';
import { CartSummary } from './cart-summary';

function CartSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 @5xl:grid-cols-[minmax(0,1fr)_22rem]" aria-hidden="true">
      <div className="flex flex-col gap-4">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** Every cart form of the shop posts to this page's address (cart-action.ts). */
export { cartAction as action } from '../cart-action';
export { loader } from './cart-loader';

/**
 * The cart: a visitor's in local storage, a signed-in customer's the server draft, both read and
 * changed through the cart's RTK Query endpoints (the SDK's cart facade underneath).
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { promoCodes } = useShopSdk();
  // Focus brings the cart up to date (another tab may have changed the server draft).
  const { data: view, isLoading, isError, refetch } = useGetCartQuery(locale, {
    refetchOnFocus: true,
  });
  const { data: settings } = useGetSettingsQuery();
  const { customer, signedIn } = useCustomer();
  // A guest's chosen plan: the rows it does not cover are marked with its name (the API marks
  // them by the plan cookie, as a member's draft by the account's plan).
  const coverage = useCoveragePlan();
  const planName = usePlanName(coverage);
  const guestPlan = !signedIn && coverage.source === 'guest' ? planName : null;
  const [setAmount] = useSetCartAmountMutation();
  const [remove] = useRemoveFromCartMutation();
  const [applyPromo, applyState] = useApplyPromoCodeMutation();
  const [removePromo, removePromoState] = useRemovePromoCodeMutation();
  const [promoError, setPromoError] = useState<string | null>(null);
  // A removed line takes the focus with it: once it is gone the focus moves to the next line's
  // name (the one before it when it was the last, the heading when the cart is empty), and the
  // removal is said once through the status line under the heading.
  const [removedText, setRemovedText] = useState('');
  // A form posted without the scripts that the cart refused.
  const answer = useActionData<FormFailure | CartDone>();
  const refusedPost = answer && 'error' in answer ? answer : undefined;
  const reminder = useAllowanceReminder(locale);
  const [searchParams] = useSearchParams();
  const refusedName = view?.lines.find((line) => String(line.product.id) === refusedPost?.values.productId)?.product.name;
  const removal = useFocusAfterRemoval(view);

  const failed = (error: unknown, name?: string) =>
    notify(dispatch, {
      title: apiErrorText(locale, error as SdkQueryError),
      description: name,
      icon: 'warning',
      color: 'warning',
    });

  const apply = async (code: string) => {
    setPromoError(null);
    const result = await applyPromo({ code, locale });
    if ('error' in result && result.error) {
      const error = result.error as SdkQueryError;
      // The server's reason on the promo field (invalid, not started {date}, expired, used,
      // used up), in the page's language from the SDK catalogue.
      setPromoError(
        fieldFailureTexts(locale, error).promoCode ??
          (error.status === 422 ? errorText('promo_code_invalid', locale) : apiErrorText(locale, error)),
      );
      return false;
    }
    return true;
  };

  // A `?personalcode=` link kept a code on this device; a customer's draft takes it once.
  useLinkPromoCode(view, promoCodes, apply);

  if (isLoading) {
    return (
      <div className="@container">
        <Container className="flex flex-col gap-6 py-8">
          <h1 className="text-3xl font-bold">
            <Trans>Cart</Trans>
          </h1>
          <CartSkeleton />
        </Container>
      </div>
    );
  }

  if (isError || !view) {
    return (
      <div className="@container">
        <Container className="flex flex-col gap-6 py-8">
          <h1 className="text-3xl font-bold">
            <Trans>Cart</Trans>
          </h1>
          <LoadErrorNotice title={<Trans>Your cart could not be loaded.</Trans>} onRetry={() => void refetch()} />
        </Container>
      </div>
    );
  }

  // The items of an order waiting for payment are held there: said above the cart, so a cart
  // is never shown as lost; Back to cart brings them into this one (the focus goes to the
  // heading, the notice and its buttons go away).
  const pending = view.pendingOrder ? (
    <PendingOrderNotice
      order={view.pendingOrder}
      onBack={() => {
        const heading = document.querySelector<HTMLElement>('#main h1');
        if (heading) focusTarget(heading);
      }}
    />
  ) : null;

  // The same element, after the heading, in the loaded and the emptied cart: the last removal is
  // still said when it empties the cart.
  const removedStatus = (
    <>
      <p role="status" className="sr-only">
        {removedText}
      </p>
      {/* A cart form posted without the scripts that the cart refused: drawn by the server. */}
      {refusedPost ? (
        <Notice tone="error" title={apiErrorText(locale, refusedPost.error)}>
          {refusedName}
        </Notice>
      ) : null}
      {/* A Buy again without the scripts that the cart refused rows of (?reordered=…&refused=…). */}
      <BuyAgainNotice />
    </>
  );

  // Every state of the page keeps the same heading element (same wrapper), so a change of state
  // (loaded, emptied, the waiting order's items back) never takes the focus away with it.
  if (view.lines.length === 0) {
    return (
      <div className="@container">
        <Container className="flex flex-col gap-6 py-8">
          <h1 className="text-3xl font-bold">
            <Trans>Cart</Trans>
          </h1>
          {removedStatus}
          {/* An empty cart near the period's end: what is left, and the basket it could be. */}
          <CartReminder reminder={reminder} basketAdded={null} />
          {pending ?? (
            <EmptyState
              icon={<ShoppingCart className="size-12" />}
              title={<Trans>Your cart is empty</Trans>}
              description={<Trans>Find health products paid with your benefit card in the catalog.</Trans>}
              action={
                <LinkButton as={AppLink} to="/catalog" size="lg">
                  <Trans>Go to the catalog</Trans>
                </LinkButton>
              }
            />
          )}
        </Container>
      </div>
    );
  }

  // `?remove=<id>`: where a line's Remove leads without the scripts, asked in the page.
  const asked = view.lines.find((line) => String(line.product.id) === searchParams.get(REMOVE_STEP_PARAM));
  const askedName = asked?.product.name ?? '';
  const removeStep = asked ? (
    <RemoveStep
      title={<Trans>Remove {askedName} from your cart?</Trans>}
      action={localize('/cart')}
      fields={{ intent: 'remove', productId: String(asked.product.id), redirectTo: localize('/cart') }}
      confirmLabel={<Trans>Yes, remove it</Trans>}
      cancelTo="/cart"
    />
  ) : null;

  // A size container as wide as the window: the summary goes beside the list once the page is
  // 64rem wide, so larger text keeps one wide column instead of squeezing the product names.
  return (
    <div className="@container">
      <Container className="flex flex-col gap-6 py-8">
        <h1 className="text-3xl font-bold">
          <Trans>Cart</Trans>
        </h1>
        {removedStatus}
        {removeStep}
        <CartReminder reminder={reminder} basketAdded={searchParams.get('basket')} />
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 @5xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {pending}
            <IssuesNotice view={view} guestPlan={guestPlan} />
            <ul aria-label={t`Items in your cart`} className="flex flex-col">
              {view.lines.map((line) => (
                <CartLineItem
                  key={line.product.id}
                  line={line}
                  notCoveredBy={guestPlan}
                  onAmountChange={async (amount) => {
                    const result = await setAmount({ productId: line.product.id, amount, locale });
                    if ('error' in result && result.error) failed(result.error, line.product.name);
                  }}
                  onRemove={async () => {
                    const ids = view.lines.map((row) => row.product.id);
                    const at = ids.indexOf(line.product.id);
                    removal.current = { id: line.product.id, next: ids[at + 1] ?? ids[at - 1] ?? null };
                    const name = line.product.name;
                    const result = await remove({ productId: line.product.id, locale });
                    if ('error' in result && result.error) {
                      removal.current = null;
                      failed(result.error, name);
                      return;
                    }
                    setRemovedText((said) => {
                      const text = t`${name} was removed from the cart.`;
                      // The same words twice in a row are still said again (a no-break space).
                      return said === text ? `${text}\u00a0` : text;
                    });
                  }}
                />
              ))}
            </ul>
          </div>

          <CartSummary
            view={view}
            settings={settings}
            customer={customer}
            signedIn={signedIn}
            locale={locale}
            localize={localize}
            navigate={navigate}
            applyingPromo={applyState.isLoading}
            removingPromo={removePromoState.isLoading}
            promoForm={
              <PromoCodeForm
                applied={view.promoCode}
                error={promoError}
                busy={applyState.isLoading || removePromoState.isLoading}
                onApply={(code) => void apply(code)}
                onRemove={async () => {
                  setPromoError(null);
                  promoCodes.clear();
                  const result = await removePromo({ locale });
                  if ('error' in result && result.error) failed(result.error);
                }}
              />
            }
          />
        </div>
      </Container>
    </div>
  );
}
