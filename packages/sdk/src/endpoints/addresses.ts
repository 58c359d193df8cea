import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function addressEndpoints(core: ClientCore) {
  return {
    list: () => core.call('listAddresses'),
    add: (input: RouteInput<'addAddress'>['body']) => core.call('addAddress', { body: input }),
    update: (id: number, patch: RouteInput<'updateAddress'>['body']) =>
      core.call('updateAddress', { params: { id }, body: patch }),
    remove: (id: number) => core.call('removeAddress', { params: { id } }),
  };
}
