/** Shop settings (a public answer: plugins/app/public-answers.ts) and liveness. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  settings: async ({ services }) => services.settings.get(),

  health: async ({ services }) => {
    await services.settings.ping();
    return { status: 'ok' as const };
  },
});
