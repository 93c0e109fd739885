import type { FastifyInstance } from 'fastify';
import { type } from 'arktype';
import { DEV_LAUNCH_DEFAULTS, devLaunch } from '../domain/dev-launch';
import { DomainError } from '../domain/errors';
import type { RouteDeps } from './deps';

const DevLaunchQuery = type({
  // Telegram user ids fit in 52 bits.
  'id?': type('string.integer.parse').to('1 <= number.integer <= 4503599627370495'),
  'first_name?': '0 < string <= 64',
  'start_param?': type(/^[\w-]{1,512}$/).describe('letters, digits, _ or - (at most 512)'),
  'platform?': type(/^[a-z_]{1,32}$/).describe('a platform name such as web, ios or android'),
});

/** Development only: a signed launch so the app runs in any browser outside Telegram. */
export function registerDevRoutes(app: FastifyInstance, { config, now }: RouteDeps): void {
  app.get('/api/dev/launch', (request) => {
    const query = DevLaunchQuery(request.query ?? {});
    if (query instanceof type.errors) throw new DomainError('invalid', query.summary);
    const launch = devLaunch(
      {
        id: query.id ?? DEV_LAUNCH_DEFAULTS.id,
        firstName: query.first_name ?? DEV_LAUNCH_DEFAULTS.firstName,
        startParam: query.start_param ?? null,
        platform: query.platform ?? DEV_LAUNCH_DEFAULTS.platform,
      },
      config.botToken,
      now(),
    );
    return { success: true, data: launch };
  });
}
