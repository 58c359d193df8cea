import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function phoneEndpoints(core: ClientCore) {
  return {
    add: (value: string) => core.call('addPhone', { body: { value } }),
    verify: (id: number, code: string) =>
      core.call('verifyPhone', { params: { id }, body: { code } }),
    resendCode: (id: number) => core.call('resendPhoneCode', { params: { id } }),
    makePrimary: (id: number) => core.call('makePhonePrimary', { params: { id } }),
    update: (id: number, patch: RouteInput<'updatePhone'>['body']) =>
      core.call('updatePhone', { params: { id }, body: patch }),
    remove: (id: number) => core.call('removePhone', { params: { id } }),
  };
}
