import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function emailEndpoints(core: ClientCore) {
  return {
    add: (value: string, options?: CallOptions) =>
      core.call('addEmail', { body: { value } }, options),
    verify: (id: number, code: string, options?: CallOptions) =>
      core.call('verifyEmail', { params: { id }, body: { code } }, options),
    resendCode: (id: number, options?: CallOptions) =>
      core.call('resendEmailCode', { params: { id } }, options),
    makePrimary: (id: number, options?: CallOptions) =>
      core.call('makeEmailPrimary', { params: { id } }, options),
    update: (id: number, patch: RouteInput<'updateEmail'>['body'], options?: CallOptions) =>
      core.call('updateEmail', { params: { id }, body: patch }, options),
    remove: (id: number, options?: CallOptions) =>
      core.call('removeEmail', { params: { id } }, options),
  };
}
