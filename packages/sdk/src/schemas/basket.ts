/**
 * The suggested basket and the allowance reminder (issue 31): what a member's allowance left can
 * buy before the period ends, each row with a reason code (texts: `basketReasonText`), and the
 * member's reminder setting.
 */
import * as z from 'zod/mini';
import { TEXT_MAX } from '../constants/index.js';
import { calendarDateSchema, textSchema } from '../validation/zod.js';
import { countSchema, dateSchema, moneySchema, positiveIntSchema } from './common.js';
import { productSummarySchema } from './catalog.js';

/** Why a row is in the basket (texts in en/es: `basketReasonText`). */
export const BASKET_REASON_CODES = ['bought_before', 'popular_with_plan'] as const;
/** Why an item bought before is not suggested any more. */
export const BASKET_DROPPED_CODES = ['not_covered_by_plan'] as const;
/** Why the basket is empty. */
export const BASKET_EMPTY_CODES = [
  'basket_no_plan',
  'basket_no_allowance',
  'basket_nothing_available',
  'basket_nothing_fits',
] as const;
export type BasketReasonCode = (typeof BASKET_REASON_CODES)[number];
export type BasketDroppedCode = (typeof BASKET_DROPPED_CODES)[number];
export type BasketEmptyCode = (typeof BASKET_EMPTY_CODES)[number];

const reasonParamsSchema = /* @__PURE__ */ (() =>
  z.record(z.string(), z.union([z.string(), z.number()])))();

/**
 * A reason as data: `bought_before` with `{ month: 'YYYY-MM', times }`, `popular_with_plan`
 * with `{ plan }`, `not_covered_by_plan` with `{ plan }`, the empty codes with none.
 */
export const basketReasonSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.enum([...BASKET_REASON_CODES, ...BASKET_DROPPED_CODES, ...BASKET_EMPTY_CODES]),
    params: reasonParamsSchema,
  }))();
export type BasketReason = z.infer<typeof basketReasonSchema>;

export const suggestedBasketRowSchema = /* @__PURE__ */ (() =>
  z.object({
    product: productSummarySchema,
    /** Units suggested (the member may change them before adding to the cart). */
    amount: positiveIntSchema,
    /** amount × price. */
    subtotal: moneySchema,
    reason: basketReasonSchema,
  }))();
export type SuggestedBasketRow = z.infer<typeof suggestedBasketRowSchema>;

export const notCoveredRowSchema = /* @__PURE__ */ (() =>
  z.object({
    product: productSummarySchema,
    /** The day of the last order that held it. */
    lastBoughtOn: dateSchema,
    reason: basketReasonSchema,
  }))();

/** `GET /api/customer/suggested-basket`, in the request's language. */
export const suggestedBasketSchema = /* @__PURE__ */ (() =>
  z.object({
    /** The member's plan, or null (then the basket is empty: `basket_no_plan`). */
    plan: z.nullable(z.object({ code: z.string(), name: z.string() })),
    /** What the member can spend now: the active card's balance, else the store balance (the header's figure). */
    allowanceLeft: moneySchema,
    /** The last day of the allowance period (the active card's), or null when none is known. */
    periodEndsAt: z.nullable(dateSchema),
    /** The shop's minimum order. */
    minimumOrder: moneySchema,
    /** Sum of the rows' subtotals: never above `allowanceLeft`. */
    total: moneySchema,
    /** Whether `total` reaches the minimum order (false when the allowance left is below it). */
    reachesMinimum: z.boolean(),
    /** Bought before first (most often, then most recent), then the plan's everyday staples. */
    items: z.array(suggestedBasketRowSchema),
    /** Why the basket is empty (null when it has rows). */
    empty: z.nullable(basketReasonSchema),
    /** Items the member bought before that the plan does not cover any more, with why. */
    notCovered: z.array(notCoveredRowSchema),
  }))();
export type SuggestedBasket = z.infer<typeof suggestedBasketSchema>;

/** How the allowance reminder reaches the member: e-mail, e-mail and a text message, or not at all. */
export const REMINDER_CHANNELS = ['email', 'sms', 'off'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const reminderChannelSchema = /* @__PURE__ */ (() => z.enum(REMINDER_CHANNELS))();

export const reminderSettingSchema = /* @__PURE__ */ (() =>
  z.object({
    reminders: reminderChannelSchema,
    /** Days before the period's end the reminder is sent (ALLOWANCE_REMINDER_DAYS). */
    daysBefore: countSchema,
    /** Whether the member has a confirmed phone that takes texts (`sms` needs one). */
    canText: z.boolean(),
  }))();
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;

export const reminderSettingInputSchema = /* @__PURE__ */ (() =>
  z.object({ reminders: reminderChannelSchema }))();

/** The signed link of a reminder's unsubscribe (works signed out). */
export const unsubscribeQuerySchema = /* @__PURE__ */ (() =>
  z.object({ token: textSchema({ max: TEXT_MAX.token, trim: false }) }))();

/**
 * `GET` of the link: what a `POST` would do (nothing changes); `POST`: done. `reminders` is the
 * setting before (GET) or after (POST); `contact` names the account, masked.
 */
export const unsubscribeAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    purpose: z.literal('allowance_reminders'),
    action: z.enum(['would_turn_off', 'turned_off', 'already_off']),
    reminders: reminderChannelSchema,
    contact: z.nullable(z.string()),
  }))();
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/** `POST /api/dev/reminders/run` (`ops reminders:run --as-of`). */
export const devRemindersRunInputSchema = /* @__PURE__ */ (() =>
  z.object({ asOf: z.optional(calendarDateSchema) }))();
export const devRemindersRunAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ asOf: dateSchema, sent: countSchema }))();
