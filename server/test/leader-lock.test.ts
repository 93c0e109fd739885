import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderLock } from '../src/db/leader-lock';
import { createPostgresDatabase } from './helpers';

const serverUrl = process.env.DATABASE_URL;

describe.each(serverUrl ? [serverUrl] : [])('background work leadership on PostgreSQL', (url) => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createPostgresDatabase(url);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('only one replica holds the workers lock, and another takes over when it lets go', async () => {
    const key = 4242;
    const first = leaderLock(database.url, key);
    const second = leaderLock(database.url, key);
    expect(await first.acquire()).toBe(true);
    expect(await second.acquire()).toBe(false);
    expect(await first.acquire()).toBe(true);
    await first.release();
    expect(await second.acquire()).toBe(true);
    expect(await first.acquire()).toBe(false);
    await second.release();
    await first.release();
  });
});

describe('background work leadership on PGlite', () => {
  it('is always this process: only one process can open the data folder', async () => {
    const lock = leaderLock(null, 1);
    expect(await lock.acquire()).toBe(true);
    await lock.release();
  });
});
