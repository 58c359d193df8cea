import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function customerEndpoints(core: ClientCore) {
  return {
    me: () => core.call('me'),
    update: (patch: RouteInput<'updateCustomer'>['body']) =>
      core.call('updateCustomer', { body: patch }),
    changePassword: (input: RouteInput<'changePassword'>['body']) =>
      core.call('changePassword', { body: input }),
    healthPlans: () => core.call('listHealthPlans'),
    chooseHealthPlan: (code: string) => core.call('chooseHealthPlan', { body: { code } }),
  };
}
