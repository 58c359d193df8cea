// Pure business rules. No HTTP client, no I/O: the API imports this entry too.
export { toCents, fromCents, parseMoney, percentOfCents } from '../money/index.js';
export { formatPrice } from '../format/format-price.js';
export { formatCents } from '../format/format-cents.js';
export {
  mergeGuestCart,
  type CartAvailability,
  type CartItemRow,
  type GuestCartItemRow,
  type GuestCartMerge,
  type MergeDroppedRow,
  type MergeLimitedRow,
} from './merge-guest-cart.js';
export { isPlanCodeForm, readGuestPlanCookie } from './guest-plan-cookie.js';
export {
  acceptedLanguages,
  isLocale,
  localeOfAcceptLanguage,
  localeOfLanguages,
  readLocaleCookie,
} from './visitor-language.js';
export { priceRangeProblem, type PriceRangeProblem } from './price-range.js';
export {
  itemAvailability,
  type AvailabilityFlag,
  type ItemAvailability,
  type ItemAvailabilityInput,
} from './item-availability.js';
export {
  STATUS_AFTER_PAYMENT,
  statusAfterPayment,
  isCardPaymentMethod,
} from './payment-status.js';
export {
  DEFAULT_PRODUCT_PATH,
  PRODUCT_IMAGE_PREFIX,
  productPath,
  productImagePath,
  pictureInLanguage,
  productImageUrl,
} from './product-paths.js';
export {
  recommendPaymentMethods,
  paymentMethodOptions,
  lacksCardOnFile,
  type CardsOnFile,
  type PaymentMethodChoices,
  type PaymentMethodOption,
} from './recommend-payment-methods.js';
export {
  isPaymentInputValid,
  type PaymentInputContext,
  type PaymentInputReason,
  type PaymentInputCheck,
} from './is-payment-input-valid.js';
export { missingProfileFields, type ProfileSubject } from './missing-profile-fields.js';
export {
  SESSION_RECORDING_HOST,
  SESSION_RECORDING_CSP,
  isSessionRecordingSiteId,
  sessionRecordingConfigured,
} from './session-recording.js';
export { isProfileComplete } from './is-profile-complete.js';
export { profileCompletionPath } from './profile-completion-path.js';
export { safeContinuePath, safeRedirectPath } from './safe-continue-path.js';
export {
  estimateTotals,
  type EstimateRow,
  type EstimateOrderRow,
  type EstimateLocalRow,
  type EstimateOptions,
  type TotalsEstimate,
} from './estimate-totals.js';
export { promoPercent, type PromoPercents } from './promo-percent.js';
export { cartIssues, type CartIssues, type IssueRow } from './cart-issues.js';
export {
  checkMinimumOrder,
  meetsMinimumOrder,
  type MinimumOrderCheck,
} from './meets-minimum-order.js';
export { isDeliverable } from './is-deliverable.js';
export { addBusinessDays, awaitsDelivery, deliveryWindow } from './delivery-window.js';
export {
  CHECKOUT_STEPS,
  checkoutGate,
  allowedCheckoutStep,
  type CheckoutGate,
  type CheckoutGateDraft,
  type CheckoutSettings,
  type CheckoutStep,
} from './checkout-gate.js';
export { canIncrement, type IncrementRow, type IncrementCheck } from './can-increment.js';
export { canRemoveEmail, canRemovePhone, type RemoveCheck } from './can-remove-contact.js';
export { isValidRouteId } from './is-valid-route-id.js';
export { orderStatusView, type OrderStatusView } from './order-status-view.js';
export {
  orderProgress,
  type OrderProgress,
  type ProgressStepName,
  type ProgressStepState,
} from './order-progress.js';
export {
  STOREFRONT_PAGES,
  STOREFRONT_SPANISH_PREFIX,
  INDEXABLE_STOREFRONT_PATHS,
  matchStorefrontPath,
  type StorefrontPage,
  type StorefrontPageName,
  type StorefrontPathMatch,
} from './storefront-pages.js';
export {
  BASKET_MAX_ROWS,
  BOUGHT_STATUSES,
  BASKET_REASON_TEXTS,
  basketReasonText,
  suggestBasket,
  type BasketCandidate,
  type BasketPick,
  type BasketSuggestion,
} from './suggest-basket.js';
export { reminderWindow, spendableAllowance } from './allowance.js';
export {
  BENEFIT_PERIODS,
  PERIOD_LIMIT_STATUSES,
  benefitPeriodOf,
  holdEnd,
  periodLimitRefusal,
  periodUnitsLeft,
  refundReturnsTo,
  type BenefitPeriod,
} from './period-limits.js';
export {
  heldItemsWait,
  holdValueLimitCents,
  holdValueRefusal,
  itemLimitRefusal,
  type EndedHold,
  type HeldItemsWait,
  type HoldValueRefusal,
  type ItemLimitRefusal,
} from './hold-bounds.js';
