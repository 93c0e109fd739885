import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps';

/** The TON Connect manifest wallets fetch (spec section 1): absolute URLs, readable from any origin. */
export function registerManifestRoute(app: FastifyInstance, { config }: RouteDeps): void {
  const manifest = {
    url: config.publicUrl,
    name: 'TON Arcade',
    iconUrl: `${config.publicUrl}/icon-192.png`,
    termsOfUseUrl: `${config.publicUrl}/terms`,
    privacyPolicyUrl: `${config.publicUrl}/privacy`,
  };
  app.get('/storage/tonconnect-manifest.json', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=300');
    return manifest;
  });
}
