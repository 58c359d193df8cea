/** Shop settings and liveness. */
import { sql } from 'drizzle-orm';
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  settings: async ({ services, reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return services.settings;
  },

  health: async ({ services }) => {
    // Answers only when the database answers.
    await services.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  },
});
