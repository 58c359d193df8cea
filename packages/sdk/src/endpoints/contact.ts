import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function contactEndpoints(core: ClientCore) {
  return {
    send: (message: RouteInput<'sendContactMessage'>['body'], options?: CallOptions) =>
      core.call('sendContactMessage', { body: message }, options),
  };
}
