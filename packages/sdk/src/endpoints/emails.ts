import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function emailEndpoints(core: ClientCore) {
  return {
    add: (value: string) => core.call('addEmail', { body: { value } }),
    verify: (id: number, code: string) =>
      core.call('verifyEmail', { params: { id }, body: { code } }),
    resendCode: (id: number) => core.call('resendEmailCode', { params: { id } }),
    makePrimary: (id: number) => core.call('makeEmailPrimary', { params: { id } }),
    update: (id: number, patch: RouteInput<'updateEmail'>['body']) =>
      core.call('updateEmail', { params: { id }, body: patch }),
    remove: (id: number) => core.call('removeEmail', { params: { id } }),
  };
}
