/** Makes the opened database available as `app.database` (and closes it with the app). */
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';

export default fp<{ database: Database; closeOnShutdown: boolean }>(
  async (app, options) => {
    app.decorate('database', options.database);
    if (options.closeOnShutdown) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database' },
);
