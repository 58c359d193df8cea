/**
 * Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal):
 * 1. readiness answers 503 (`app.lifecycle.draining`), so a balancer stops sending traffic;
 * 2. `app.close()`: the listener stops accepting, keep-alive connections are closed as soon as
 *    they are idle, new requests on busy ones get 503, and every request in flight runs to its end (each
 *    order change is one transaction, so nothing is left half-written);
 * 3. then the database pool and Redis are closed (onClose hooks, and `closeDatabase`).
 * A shutdown that has not finished within `graceMs` exits with status 1.
 */
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** Longest wait for in-flight requests before giving up (ms). */
  graceMs?: number;
  /** Closes what the app does not own (the server's database). */
  closeDatabase?: () => Promise<void>;
  /** Ends the process (tests pass a spy). */
  exit?: (code: number) => void;
}

export function gracefulShutdown(app: FastifyInstance, options: ShutdownOptions = {}) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started: Promise<void> | undefined;
  return (signal: string): Promise<void> => {
    started ??= (async () => {
      app.log.info({ signal }, 'shutting down: draining in-flight requests');
      if ('lifecycle' in app) app.lifecycle.draining = true;
      const timer = setTimeout(() => {
        app.log.error({ graceMs: options.graceMs }, 'shutdown took too long: exiting');
        exit(1);
      }, options.graceMs ?? 25_000);
      timer.unref();
      // A keep-alive connection busy when closing began becomes idle once its answer is sent:
      // close it then (Fastify closes only the connections idle at the start), or the listener
      // would wait for the client's keep-alive to end.
      const sweep = setInterval(() => app.server.closeIdleConnections?.(), 100);
      sweep.unref();
      try {
        await app.close();
        clearInterval(sweep);
        await options.closeDatabase?.();
        clearTimeout(timer);
        app.log.info('shut down cleanly');
        exit(0);
      } catch (error) {
        clearInterval(sweep);
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      }
    })();
    return started;
  };
}
