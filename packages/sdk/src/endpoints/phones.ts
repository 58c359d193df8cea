import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function phoneEndpoints(core: ClientCore) {
  return {
    add: (value: string, options?: CallOptions) =>
      core.call('addPhone', { body: { value } }, options),
    verify: (id: number, code: string, options?: CallOptions) =>
      core.call('verifyPhone', { params: { id }, body: { code } }, options),
    resendCode: (id: number, options?: CallOptions) =>
      core.call('resendPhoneCode', { params: { id } }, options),
    makePrimary: (id: number, options?: CallOptions) =>
      core.call('makePhonePrimary', { params: { id } }, options),
    update: (id: number, patch: RouteInput<'updatePhone'>['body'], options?: CallOptions) =>
      core.call('updatePhone', { params: { id }, body: patch }, options),
    remove: (id: number, options?: CallOptions) =>
      core.call('removePhone', { params: { id } }, options),
  };
}
