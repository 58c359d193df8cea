/** Builds the services once and makes them available as `app.services`. */
import fp from 'fastify-plugin';
import { createServices, type ServiceDeps } from '../../services/index.js';

/** How often each process sweeps guest carts unused for 30 days (a day's precision is plenty). */
const GUEST_CART_SWEEP_MS = 15 * 60 * 1000;

export default fp<Omit<ServiceDeps, 'log' | 'db'>>(
  async (app, options) => {
    const services = createServices({ ...options, db: app.database.db, log: app.log });
    app.decorate('services', services);
    app.addHook('onClose', async () => services.notifier.close?.());
    // Background sweeps run where the holds' do (HOLD_SWEEP_SECONDS 0: none); stopped before
    // closing, so no sweep outlives the database.
    if (options.config.holdSweepMs > 0) {
      const sweeps = services.guestCarts.startTimer(GUEST_CART_SWEEP_MS, app.log);
      app.addHook('preClose', async () => sweeps.stop());
    }
  },
  { name: 'services', dependencies: ['database'] },
);
