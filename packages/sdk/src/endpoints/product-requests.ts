import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function productRequestEndpoints(core: ClientCore) {
  return {
    create: (request: RouteInput<'requestProduct'>['body'], options?: CallOptions) =>
      core.call('requestProduct', { body: request }, options),
  };
}
