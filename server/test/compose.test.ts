import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SECRET_SETTINGS } from '../src/secret-files';

/**
 * deploy/compose.yaml as Docker would read it (YAML with merge keys; the Docker daemon is not
 * reachable here, so nothing is started): pinned images, every service hardened, the secrets in
 * files, the release image by its own tag, the backup service on the database's own image.
 */

const DEPLOY = fileURLToPath(new URL('../../deploy/', import.meta.url));
const read = (file: string) => readFileSync(`${DEPLOY}${file}`, 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  pull_policy?: string;
  read_only?: boolean;
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
  mem_limit?: string;
  cpus?: number;
  pids_limit?: number;
  logging?: { driver: string; options: Record<string, string> };
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  tmpfs?: string[];
  profiles?: string[];
  command?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
};
const services = Object.entries(compose.services);
/**
 * The secrets compose gives as files. The database password is the exception, in deploy/.env: it
 * is in DATABASE_URL, which compose builds from it (docs/operations.md, section 2).
 */
const FROM_FILES = ['HOT_WALLET_SEED', 'BOT_TOKEN', 'JWT_SECRET', 'BOT_WEBHOOK_SECRET', 'TONCENTER_API_KEY'];

describe('deploy/compose.yaml', () => {
  it('pins every image to an exact version; the release image only by the tag from ARCADE_IMAGE_TAG, never pulled nor :latest', () => {
    const images = services.map(([name, service]) => [name, service.image ?? `built from ${service.build?.dockerfile}`]);
    expect(Object.fromEntries(images)).toEqual({
      server: 'ton-arcade:${ARCADE_IMAGE_TAG:?set ARCADE_IMAGE_TAG in deploy/.env (pnpm release prints it)}',
      postgres: 'postgres:15.19-bookworm',
      redis: 'redis:7.4.11-bookworm',
      caddy: 'caddy:2.11.4-alpine',
      backup: 'built from backup.Dockerfile',
      'backup-verify': compose.services.server!.image,
    });
    for (const [name, service] of services.filter(([, s]) => s.image?.startsWith('ton-arcade:'))) {
      expect(service.pull_policy, name).toBe('never');
      expect(service.build, name).toBeUndefined();
    }
    // The backup image is the database's own, at the same pin.
    expect(compose.services.backup!.build!.args!.POSTGRES_IMAGE).toBe(compose.services.postgres!.image);
    expect(read('backup.Dockerfile')).toMatch(/^FROM \$\{POSTGRES_IMAGE\}$/m);
    expect(read('backup.Dockerfile')).toContain('COPY backup.sh /usr/local/bin/arcade-backup');
    // The server image: an exact Node, and the client tools of the database's major version.
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:24\.\d+\.\d+-bookworm-slim$/m);
    const major = /^postgres:(\d+)\./.exec(compose.services.postgres!.image!)![1];
    expect(dockerfile).toContain(`postgresql-client-${major} `);
    expect(dockerfile).toContain(`ENV PATH=/usr/lib/postgresql/${major}/bin:$PATH`);
  });

  it('hardens every service: read-only root, no capability but caddy’s port binding, no new privileges, limits, rotated logs', () => {
    for (const [name, service] of services) {
      expect(service.read_only, name).toBe(true);
      expect(service.cap_drop, name).toEqual(['ALL']);
      expect(service.cap_add ?? [], name).toEqual(name === 'caddy' ? ['NET_BIND_SERVICE'] : []);
      expect(service.security_opt, name).toEqual(['no-new-privileges:true']);
      expect(service.mem_limit, name).toMatch(/^\d+[mg]$/);
      expect(service.cpus, name).toBeGreaterThan(0);
      expect(service.pids_limit, name).toBeGreaterThan(0);
      expect(service.logging, name).toEqual({ driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } });
      // A read-only root: /tmp is a tmpfs of a bounded size.
      expect(service.tmpfs, name).toContainEqual(expect.stringMatching(/^\/tmp:size=\d+m$/));
    }
  });

  it('gives the secrets as files (Docker secrets under deploy/secrets/, ignored by git), never in the environment', () => {
    const server = compose.services.server!;
    expect(server.secrets).toContain('hot_wallet_seed');
    expect(server.environment!.HOT_WALLET_SEED_FILE).toBe('/run/secrets/hot_wallet_seed');
    for (const [name, service] of services) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        // No secret's value in the environment; each NAME_FILE is a secret the service mounts.
        expect(FROM_FILES, `${name} ${variable}`).not.toContain(variable);
        if (!variable.endsWith('_FILE')) continue;
        expect(SECRET_SETTINGS, variable).toContain(variable.slice(0, -'_FILE'.length));
        const secret = /^\/run\/secrets\/(\w+)$/.exec(value)?.[1];
        expect(service.secrets, `${name} ${variable}`).toContain(secret);
      }
    }
    for (const [name, { file }] of Object.entries(compose.secrets)) {
      expect(file).toBe(`./secrets/${name}`);
      // git check-ignore exits 0 when the path is ignored.
      execFileSync('git', ['check-ignore', '-q', `secrets/${name}`], { cwd: DEPLOY });
    }
    execFileSync('git', ['check-ignore', '-q', '.env'], { cwd: DEPLOY });
    // The example .env sets none of them: a value there as well as in the file is refused at start.
    const example = read('.env.example');
    for (const variable of FROM_FILES) {
      expect(example, variable).not.toMatch(new RegExp(`^${variable}=`, 'm'));
      expect(server.environment![`${variable}_FILE`], variable).toBe(`/run/secrets/${variable.toLowerCase()}`);
    }
  });

  it('runs the backups: deploy/backup.sh on a volume the verify service mounts read-only, checked by its health check', () => {
    const { backup, 'backup-verify': verify } = compose.services;
    expect(backup!.environment).toMatchObject({ BACKUP_DIR: '/backups', BACKUP_INTERVAL: '${BACKUP_INTERVAL:-1d}' });
    expect(backup!.volumes).toContain('backups:/backups');
    expect(verify!.volumes).toEqual(['backups:/backups:ro']);
    expect(verify!.command).toEqual(['backup:verify']);
    // `up` never starts the verification; `docker compose run --rm backup-verify` does.
    expect(verify!.profiles).toEqual(['tools']);
    expect(compose.volumes).toHaveProperty('backups');
    // Every variable compose requires is in the example .env.
    const required = [...read('compose.yaml').matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]);
    for (const variable of new Set(required)) expect(read('.env.example'), variable).toMatch(new RegExp(`^${variable}=`, 'm'));
  });
});
