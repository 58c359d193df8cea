/** Shop settings and liveness. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  settings: async ({ services, reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return services.settings.get();
  },

  health: async ({ services }) => {
    await services.settings.ping();
    return { status: 'ok' as const };
  },
});
