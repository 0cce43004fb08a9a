import type { FastifyInstance } from 'fastify';

/** Unauthenticated probes: liveness, and readiness (store open, samples loaded). */
export function registerHealthRoutes(app: FastifyInstance, ready: () => Promise<boolean>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) =>
    (await ready()) ? { status: 'ready' } : reply.status(503).send({ status: 'starting' }));
}
