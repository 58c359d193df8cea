import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function cardEndpoints(core: ClientCore) {
  return {
    list: () => core.call('listCards'),
    add: (input: RouteInput<'addCard'>['body']) => core.call('addCard', { body: input }),
    makeActive: (id: number) => core.call('makeCardActive', { params: { id } }),
    /** Quick balance check; guests too. */
    checkBalance: (input: RouteInput<'checkBalance'>['body']) =>
      core.call('checkBalance', { body: input }),
  };
}
