/** Builds the services once and makes them available as `app.services`. */
import fp from 'fastify-plugin';
import { createServices, type ServiceDeps } from '../../services/index.js';

export default fp<Omit<ServiceDeps, 'log' | 'db'>>(
  async (app, options) => {
    const services = createServices({ ...options, db: app.database.db, log: app.log });
    app.decorate('services', services);
    app.addHook('onClose', async () => services.notifier.close?.());
  },
  { name: 'services', dependencies: ['database'] },
);
