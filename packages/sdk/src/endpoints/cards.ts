import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function cardEndpoints(core: ClientCore) {
  return {
    list: (options?: CallOptions) => core.call('listCards', {}, options),
    add: (input: RouteInput<'addCard'>['body'], options?: CallOptions) =>
      core.call('addCard', { body: input }, options),
    makeActive: (id: number, options?: CallOptions) =>
      core.call('makeCardActive', { params: { id } }, options),
    /** Quick balance check; guests too. */
    checkBalance: (input: RouteInput<'checkBalance'>['body'], options?: CallOptions) =>
      core.call('checkBalance', { body: input }, options),
  };
}
