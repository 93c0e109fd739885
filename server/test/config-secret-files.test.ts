import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, loadDatabaseConfig, loadWalletSettings } from '../src/config';
import { SECRET_SETTINGS } from '../src/secret-files';
import { configRefusal, runOperatorCli, tempDir } from './helpers';

/**
 * Secrets from files, Docker-secrets style: every secret setting NAME can be given as NAME_FILE,
 * the path of a file holding the value (compose mounts them at /run/secrets/<name>), so the value
 * is in no environment `docker inspect` shows.
 */

const dir = tempDir('secret-files');
/** Every setting production requires, well formed. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  BOT_TOKEN: '7000000003:SECRET-file-token',
  APP_KEY: 'secret-file-app-key',
  JWT_SECRET: 'a-jwt-secret-from-a-file-of-32-characters-at-least',
  HOT_WALLET_SEED: '5e'.repeat(32),
  DATABASE_URL: 'postgres://arcade:a-db-password-in-a-file@db:5432/arcade',
  REDIS_URL: 'redis://:a-redis-password-in-a-file@redis:6379',
  PUBLIC_URL: 'https://arcade.example',
  MINI_APP_URL: 'https://t.me/arcade_bot/play',
  TONCENTER_API_KEY: 'toncenter-key-from-a-file',
  TASK_CHANNEL: '@arcade_news',
  BOT_WEBHOOK_SECRET: 'a-webhook-secret-from-a-file_0123456789',
  METRICS_TOKEN: 'a-metrics-token-from-a-file',
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A file holding `content`, as `openssl rand -hex 32 > file` or a Docker secret leaves it. */
function secretFile(content: string): string {
  const path = join(dir, `secret-${++files}`);
  writeFileSync(path, content);
  return path;
}

const refusal = configRefusal;

describe('secrets from files (NAME_FILE)', () => {
  it('every secret setting can come from a file, its trailing newline dropped, and loads as the variable would', () => {
    expect(SECRET_SETTINGS).toEqual(expect.arrayContaining(['HOT_WALLET_SEED', 'BOT_TOKEN', 'JWT_SECRET', 'TONCENTER_API_KEY']));
    const fromFiles: Record<string, string> = { ...PRODUCTION };
    for (const [index, name] of SECRET_SETTINGS.entries()) {
      delete fromFiles[name];
      // One file ends with \n (openssl, echo), one with \r\n (an editor on Windows), one with none.
      fromFiles[`${name}_FILE`] = secretFile(`${PRODUCTION[name]}${['\n', '\r\n', ''][index % 3]}`);
    }
    expect(loadConfig(fromFiles, '/repo')).toEqual(loadConfig(PRODUCTION, '/repo'));
    expect(loadDatabaseConfig(fromFiles, '/repo').databaseUrl).toBe(PRODUCTION.DATABASE_URL);
    expect(loadWalletSettings(fromFiles, { database: true, repoRoot: '/repo' }).ton.hotWalletSeed).toBe(PRODUCTION.HOT_WALLET_SEED);
  });

  it('a value from a file is checked like the variable, and never quoted', () => {
    const seed = 'not-a-seed-but-a-secret-all-the-same';
    const message = refusal(() =>
      loadConfig({ ...PRODUCTION, HOT_WALLET_SEED: '', HOT_WALLET_SEED_FILE: secretFile(`${seed}\n`) }, '/repo'),
    );
    expect(message).toBe('Refusing to start in production: HOT_WALLET_SEED must be 64 hex characters (a 32-byte seed)');
    // A secret's inner spaces are its own: only the trailing newlines go.
    expect(loadConfig({ ...PRODUCTION, APP_KEY: '', APP_KEY_FILE: secretFile(' key with spaces \n\n') }, '/repo').appKey).toBe(
      ' key with spaces ',
    );
  });

  it('both NAME and NAME_FILE set is refused, naming the variable, not the value', () => {
    const path = secretFile(PRODUCTION.HOT_WALLET_SEED!);
    const message = refusal(() => loadConfig({ ...PRODUCTION, HOT_WALLET_SEED_FILE: path }, '/repo'));
    expect(message).toBe(
      'Refusing to start in production: HOT_WALLET_SEED and HOT_WALLET_SEED_FILE are both set: give the value one way only',
    );
    expect(message).not.toContain('5e5e5e5e');
    // The same for the operator's database settings.
    expect(refusal(() => loadDatabaseConfig({ DATABASE_URL: 'postgres://x@y/z', DATABASE_URL_FILE: path }, '/repo'))).toBe(
      'Refusing to start in production: DATABASE_URL and DATABASE_URL_FILE are both set: give the value one way only',
    );
  });

  it('a missing, unreadable or empty file is refused, naming the variable and the path', () => {
    const missing = join(dir, 'no-such-secret');
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const empty = secretFile('\n');
    const message = refusal(() =>
      loadConfig(
        {
          ...PRODUCTION,
          BOT_TOKEN: '',
          BOT_TOKEN_FILE: missing,
          JWT_SECRET: '',
          JWT_SECRET_FILE: folder,
          APP_KEY: '',
          APP_KEY_FILE: empty,
        },
        '/repo',
      ),
    );
    expect(message).toBe(
      `Refusing to start in production: BOT_TOKEN_FILE names ${missing}, which cannot be read (ENOENT); ` +
        `APP_KEY_FILE names ${empty}, which is empty; JWT_SECRET_FILE names ${folder}, which cannot be read (EISDIR)`,
    );
    expect(refusal(() => loadWalletSettings({ NODE_ENV: 'development', HOT_WALLET_SEED_FILE: missing }, { database: false }))).toBe(
      `Invalid configuration: HOT_WALLET_SEED_FILE names ${missing}, which cannot be read (ENOENT)`,
    );
  });

  it('a setting that is no secret has no _FILE form: PUBLIC_URL_FILE is not read', () => {
    const config = loadConfig({ ...PRODUCTION, PUBLIC_URL_FILE: join(dir, 'no-such-file') }, '/repo');
    expect(config.publicUrl).toBe('https://arcade.example');
  });

  it('the operator CLI reads DATABASE_URL_FILE, and names a missing one in its refusal', async () => {
    const missing = join(dir, 'no-database-url');
    const { code, stderr } = await runOperatorCli(['audit'], { DATABASE_URL_FILE: missing });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Refusing to start in production: DATABASE_URL_FILE names ${missing}, which cannot be read (ENOENT)`);
  });
});
