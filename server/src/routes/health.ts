import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps';

const DB_CHECK_TIMEOUT_MS = 3_000;

export function registerHealthRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/healthz', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database check timed out')), DB_CHECK_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable', db: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
}
