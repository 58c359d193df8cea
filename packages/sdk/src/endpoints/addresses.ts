import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function addressEndpoints(core: ClientCore) {
  return {
    list: (options?: CallOptions) => core.call('listAddresses', {}, options),
    add: (input: RouteInput<'addAddress'>['body'], options?: CallOptions) =>
      core.call('addAddress', { body: input }, options),
    update: (id: number, patch: RouteInput<'updateAddress'>['body'], options?: CallOptions) =>
      core.call('updateAddress', { params: { id }, body: patch }, options),
    remove: (id: number, options?: CallOptions) =>
      core.call('removeAddress', { params: { id } }, options),
  };
}
