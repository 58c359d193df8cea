import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

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
  };
}
