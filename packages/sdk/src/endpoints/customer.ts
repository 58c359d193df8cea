import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';
import type { ReminderChannel } from '../schemas/basket.js';

export function customerEndpoints(core: ClientCore) {
  return {
    me: (options?: CallOptions) => core.call('me', {}, options),
    update: (patch: RouteInput<'updateCustomer'>['body'], options?: CallOptions) =>
      core.call('updateCustomer', { body: patch }, options),
    changePassword: (input: RouteInput<'changePassword'>['body'], options?: CallOptions) =>
      core.call('changePassword', { body: input }, options),
    healthPlans: (options?: CallOptions) => core.call('listHealthPlans', {}, options),
    chooseHealthPlan: (code: string, options?: CallOptions) =>
      core.call('chooseHealthPlan', { body: { code } }, options),
    /**
     * A guest's plan, to see what it covers (web, same origin): the API keeps it in the `otc_plan`
     * cookie (`readGuestPlanCookie` reads it); `''` forgets it. Answers the plan's code or null.
     */
    chooseGuestPlan: (code: string, options?: CallOptions) => core.call('chooseGuestPlan', { body: { code } }, options),
    /** What the allowance left can buy before the period ends, in the client's language (issue 31). */
    suggestedBasket: (options?: CallOptions) => core.call('suggestedBasket', {}, options),
    /** The allowance reminder setting: `email`, `sms` (e-mail and a text) or `off`. */
    reminders: (options?: CallOptions) => core.call('reminderSetting', {}, options),
    setReminders: (reminders: ReminderChannel, options?: CallOptions) =>
      core.call('updateReminderSetting', { body: { reminders } }, options),
    /** What a reminder's signed unsubscribe link would do (signed out too; changes nothing). */
    unsubscribePreview: (token: string, options?: CallOptions) =>
      core.call('unsubscribePreview', { query: { token } }, options),
    /** Turns the reminders off with the signed link of a reminder (signed out too). */
    unsubscribe: (token: string, options?: CallOptions) => core.call('unsubscribe', { query: { token } }, options),
  };
}
