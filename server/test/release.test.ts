import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, lstatSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../src/db/migrator';
import { createPostgresDatabase, freePort, launchData, newUserId, tempDir, TEST_BOT_TOKEN, waitHealthy } from './helpers';

/**
 * `pnpm release` as an operator uses it: the folder is built (deploy/release.mjs), moved to a
 * temporary folder with no workspace above it, and started with production settings and nothing
 * else: `node server/main.js`, `node server/cli.js migrate`, and deploy/entrypoint.sh as the
 * image runs it.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const serverPackage = JSON.parse(readFileSync(join(ROOT, 'server', 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** Test and development packages: none may be in the release or loaded by a production start. */
const DEV_ONLY = Object.keys(serverPackage.devDependencies).filter((name) => !(name in serverPackage.dependencies));

const work = tempDir('release');
/** Where the release runs: moved here after the build, so nothing can point back at the build folder. */
const release = join(work, 'run', 'arcade');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const children: ChildProcess[] = [];

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, ...output })));
  return { child, output, exited };
}

/** The server's JSON "listening" line (production writes JSON lines only), once it is there. */
async function listeningLine(output: { stdout: string }): Promise<Record<string, unknown>> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const line = output.stdout.split('\n').find((text) => text.includes('"msg":"TON Arcade server listening on '));
    if (line) return JSON.parse(line) as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no listening line: ${output.stdout}`);
}

afterEach(() => {
  // A failed assertion must not leave a server running.
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

beforeAll(async () => {
  const built = join(work, 'build', 'arcade');
  const build = await run(process.execPath, [join(ROOT, 'deploy', 'release.mjs'), built], { cwd: ROOT, env: process.env }).exited;
  if (build.code !== 0) throw new Error(`pnpm release failed (${build.code}):\n${build.stdout.slice(-2000)}\n${build.stderr.slice(-4000)}`);
  cpSync(built, release, { recursive: true, verbatimSymlinks: true });
  rmSync(join(work, 'build'), { recursive: true, force: true });
}, 240_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Bytes in a folder, links counted as themselves. */
function sizeOf(path: string): number {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, name) => total + sizeOf(join(path, name)), 0);
}

/** Bare package names a bundle file imports statically, following its own chunks. */
function staticPackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // `import x from "y"`, `import { a } from "y"`, `export * from "y"`, `import "y"`: never `import("y")`.
    for (const match of code.matchAll(/^\s*(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/gm)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
      else if (!specifier.startsWith('node:'))
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  };
  visit(entry);
  return packages;
}

describe('the release folder', () => {
  it('holds the app, the bundle, the migrations and the image files, with no workspace above it', () => {
    expect(readFileSync(join(release, 'app', 'dist', 'index.html'), 'utf8')).toContain('<div id="root"');
    for (const file of ['server/main.js', 'server/cli.js', 'package.json', 'release.json', 'Dockerfile'])
      expect(existsSync(join(release, file)), file).toBe(true);
    expect(readdirSync(join(release, 'server', 'migrations')).sort()).toEqual(readMigrations().map((migration) => migration.name));
    // The image's entrypoint is deploy/entrypoint.sh as committed.
    expect(readFileSync(join(release, 'entrypoint.sh'), 'utf8')).toBe(readFileSync(join(ROOT, 'deploy', 'entrypoint.sh'), 'utf8'));
    // Nothing above the folder could lend it packages or a workspace root.
    for (let dir = dirname(release); dir !== dirname(dir); dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
      expect(existsSync(join(dir, 'pnpm-workspace.yaml')), `${dir}/pnpm-workspace.yaml`).toBe(false);
    }
  });

  it('installs the production dependencies only: no @ton/sandbox, func-js or PGlite', () => {
    expect(DEV_ONLY).toEqual(expect.arrayContaining(['@ton/sandbox', '@ton-community/func-js', '@electric-sql/pglite']));
    const store = readdirSync(join(release, 'node_modules', '.pnpm'));
    for (const name of DEV_ONLY) {
      expect(existsSync(join(release, 'node_modules', name)), name).toBe(false);
      expect(
        store.filter((entry) => entry.startsWith(`${name.replace('/', '+')}@`)),
        name,
      ).toEqual([]);
    }
    for (const name of Object.keys(serverPackage.dependencies).filter((dep) => !dep.startsWith('@arcade/'))) {
      expect(existsSync(join(release, 'node_modules', name, 'package.json')), name).toBe(true);
    }
  });

  it('ships only what runs: no typescript, source maps, TypeScript sources or tests, and no workspace package (bundled)', () => {
    const store = readdirSync(join(release, 'node_modules', '.pnpm'));
    // typescript came in as i18next's optional peer (23 MB); nothing runs it.
    expect(store.filter((entry) => entry.startsWith('typescript@') || entry.startsWith('@arcade+'))).toEqual([]);
    expect(existsSync(join(release, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(release, 'node_modules', '@arcade'))).toBe(false);
    const notRun: string[] = [];
    const visit = (dir: string) => {
      for (const item of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, item.name);
        if (item.isSymbolicLink()) {
          // Every link points at something: nothing was pruned from under a package.
          if (!existsSync(path)) notRun.push(`${path} (dangling link)`);
        } else if (item.isDirectory()) {
          if (/^(test|tests|__tests__)$/.test(item.name)) notRun.push(path);
          else visit(path);
        } else if (/\.(map|ts|mts|cts)$|\.test\.[cm]?js$/.test(item.name)) notRun.push(path);
      }
    };
    visit(release);
    expect(notRun).toEqual([]);
    // Small enough to ship: it was 82 MB with typescript, maps and tests (du, on disk).
    expect(sizeOf(release)).toBeLessThan(40e6);
  });

  it('release.json names the version, the commit and the image tag made of them', () => {
    const built = JSON.parse(readFileSync(join(release, 'release.json'), 'utf8')) as Record<string, unknown>;
    const commit = built.commit as string;
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(built.version).toBe(serverPackage.version);
    expect(built.imageTag).toBe(`${serverPackage.version}-${commit.slice(0, 10)}${built.dirty ? '-dirty' : ''}`);
    expect(readFileSync(join(release, 'IMAGE_TAG'), 'utf8')).toBe(`${built.imageTag as string}\n`);
  });

  it('the server and the operator commands import no development package at start: the emulated chain and PGlite are loaded on demand only', () => {
    for (const entry of ['main.js', 'cli.js']) {
      const packages = staticPackages(join(release, 'server', entry));
      expect(packages.has('fastify') || packages.has('pg'), entry).toBe(true);
      expect(
        [...packages].filter((name) => DEV_ONLY.includes(name)),
        entry,
      ).toEqual([]);
      // Every package it imports is in the folder.
      for (const name of packages) expect(existsSync(join(release, 'node_modules', name)), `${entry} imports ${name}`).toBe(true);
    }
  });
});

const postgres = process.env.DATABASE_URL;
if (!postgres) console.log('release started in production and its entrypoint: needs PostgreSQL, not run: DATABASE_URL is not set');
const onPostgres = postgres ? [{ name: 'postgres', serverUrl: postgres }] : [];

/** Production settings and nothing else: no NODE_ENV, no workspace, toncenter where nobody listens. */
async function productionEnv(databaseUrl: string, port: number, extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  return {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'https://arcade.example',
    MINI_APP_URL: 'https://t.me/arcade_release_bot/play',
    TONCENTER_API_KEY: 'release-test-toncenter-key',
    TONCENTER_URL: `http://127.0.0.1:${await freePort()}`,
    TASK_CHANNEL: '@arcade_release_news',
    BOT_TOKEN: '7000000002:RELEASE-test-token',
    APP_KEY: 'release-app-key',
    JWT_SECRET: 'release-test-secret-of-at-least-32-characters',
    HOT_WALLET_SEED: 'e1'.repeat(32),
    BOT_WEBHOOK_SECRET: 'release-test-webhook-secret-of-32-characters',
    WORKERS: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

async function tables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Stops a server with SIGTERM, as `docker stop` does: it must shut down cleanly by itself. */
async function stop(started: { child: ChildProcess; exited: Promise<Run> }): Promise<Run> {
  started.child.kill('SIGTERM');
  return started.exited;
}

describe.each(onPostgres)('the release started in production on $name', ({ serverUrl }) => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(serverUrl));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('refuses a database it has not migrated, and changes nothing in it', async () => {
    const port = await freePort();
    const start = await run(process.execPath, ['server/main.js'], { cwd: release, env: await productionEnv(url, port) }).exited;
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`The database is not migrated to this release: ${readMigrations().length} migration(s) not applied`);
    expect(start.stderr).toContain('Run `operator migrate` first');
    expect(await tables(url)).toEqual([]);
  });

  it('operator migrate applies every migration and exits; run again it applies none', async () => {
    const env = await productionEnv(url, 0);
    const first = await run(process.execPath, ['server/cli.js', 'migrate'], { cwd: release, env }).exited;
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const total = readMigrations().length;
    expect(first.stdout).toContain(`database migrated: ${total} applied, ${total} in all`);
    const again = await run(process.execPath, ['server/cli.js', 'migrate'], { cwd: release, env }).exited;
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(`database up to date: ${total} migrations applied`);
  });

  it('serves the app and the API, has no development route, never loads a development package, and stops on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Records every package the process imports (ESM resolution hook, in the hooks thread).
    const imports = join(work, 'imports.log');
    writeFileSync(imports, '');
    writeFileSync(
      join(work, 'record-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) appendFileSync(log, specifier + '\\n');
  return next(specifier, context);
}
`,
    );
    writeFileSync(
      join(work, 'record-imports.mjs'),
      `import { register } from 'node:module';\nregister('./record-hooks.mjs', import.meta.url, { data: { log: ${JSON.stringify(imports)} } });\n`,
    );
    // Started from another folder: the release finds its app and migrations by itself.
    const server = run(process.execPath, ['--import', join(work, 'record-imports.mjs'), join(release, 'server', 'main.js')], {
      cwd: work,
      // At info, so the listening line (a JSON line like every other) is written.
      env: await productionEnv(url, port, { LOG_LEVEL: 'info' }),
    });
    await waitHealthy(base, () => server.child.exitCode !== null).catch((error: Error) => {
      throw new Error(`${error.message}: ${server.output.stderr}`);
    });
    expect(await listeningLine(server.output)).toMatchObject({
      publicUrl: 'https://arcade.example',
      database: 'PostgreSQL',
      chain: 'TON mainnet via toncenter',
    });

    // The release's own app, given the production settings (the app key, no development mode).
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(
      readFileSync(join(release, 'app', 'dist', 'index.html'), 'utf8'),
    )?.[1];
    expect(script).toBeDefined();
    expect(html).toContain(`src="${script}"`);
    expect(html).toContain('&quot;appKey&quot;:&quot;release-app-key&quot;');
    expect(html).toContain('&quot;dev&quot;:false');
    expect((await fetch(`${base}${script}`)).status).toBe(200);

    // Launch data signed with another bot's token: refused by the API, with the right app key.
    const auth = await fetch(`${base}/api/v3/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': 'release-app-key' },
      body: JSON.stringify({ initData: launchData({ id: newUserId(), token: TEST_BOT_TOKEN }) }),
    });
    expect(auth.status).toBe(401);
    expect(((await auth.json()) as { success: boolean }).success).toBe(false);

    // No development launch signer, no fake Bot API.
    expect((await fetch(`${base}/api/dev/launch`, { headers: { 'x-app-key': 'release-app-key' } })).status).toBe(404);
    expect(
      (await fetch(`${base}/fake-bot-api/control/member`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
        .status,
    ).toBe(404);

    const stopped = await stop(server);
    expect(stopped.code).toBe(0);
    const loaded = new Set(readFileSync(imports, 'utf8').split('\n').filter(Boolean));
    expect(loaded).toContain('fastify');
    expect([...loaded].filter((specifier) => DEV_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`)))).toEqual([]);
  });

  it('refuses to start when an applied migration was edited, naming it', async () => {
    const first = join(release, 'server', 'migrations', readMigrations()[0]!.name);
    const text = readFileSync(first, 'utf8');
    appendFileSync(first, '\n-- edited after it was applied\n');
    try {
      const port = await freePort();
      const start = await run(process.execPath, ['server/main.js'], { cwd: release, env: await productionEnv(url, port) }).exited;
      expect(start.code).toBe(1);
      expect(start.stderr).toContain(`Migration ${readMigrations()[0]!.name} was changed after being applied to this database`);
      const migrate = await run(process.execPath, ['server/cli.js', 'migrate'], { cwd: release, env: await productionEnv(url, 0) }).exited;
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain(`Migration ${readMigrations()[0]!.name} was changed`);
    } finally {
      writeFileSync(first, text);
    }
  });
});

describe.each(onPostgres)('deploy/entrypoint.sh on $name', ({ serverUrl }) => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(serverUrl));
  });
  afterAll(async () => {
    await drop?.();
  });

  const entrypoint = async (): Promise<{ started: ReturnType<typeof run>; base: string }> => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // As the image runs it: the script itself, from elsewhere.
    const started = run(join(release, 'entrypoint.sh'), [], { cwd: tmpdir(), env: await productionEnv(url, port, { LOG_LEVEL: 'info' }) });
    await waitHealthy(base, () => started.child.exitCode !== null).catch((error: Error) => {
      throw new Error(`${error.message}: ${started.output.stdout} ${started.output.stderr}`);
    });
    return { started, base };
  };

  it('migrates a new database, then starts the server; node gets SIGTERM itself and exits 0', async () => {
    const { started, base } = await entrypoint();
    const total = readMigrations().length;
    expect(started.output.stdout).toContain(`database migrated: ${total} applied`);
    expect(await listeningLine(started.output)).toMatchObject({ database: 'PostgreSQL' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await tables(url)).toContain('schema_migrations');
    // `exec`: the process started is node, so the signal reaches the server, which shuts down cleanly.
    const stopped = await stop(started);
    expect(stopped).toMatchObject({ code: 0, signal: null });
  });

  it('starts again on the database it already migrated', async () => {
    const { started } = await entrypoint();
    expect(started.output.stdout).toContain(`database up to date: ${readMigrations().length} migrations applied`);
    expect((await stop(started)).code).toBe(0);
  });

  it('given arguments, runs that command alone and starts no server: `audit`, `migrate`, `node server/cli.js audit`', async () => {
    const env = await productionEnv(url, 0);
    const total = readMigrations().length;
    for (const args of [['audit'], ['node', 'server/cli.js', 'audit']]) {
      const audit = await run(join(release, 'entrypoint.sh'), args, { cwd: tmpdir(), env }).exited;
      expect(audit, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(audit.stdout).toContain('audit clean: 0 invariant breaks');
      expect(audit.stdout).not.toContain('database up to date');
    }
    const migrate = await run(join(release, 'entrypoint.sh'), ['migrate'], { cwd: tmpdir(), env }).exited;
    expect(migrate).toMatchObject({ code: 0, stdout: `database up to date: ${total} migrations applied\n` });
    const unknown = await run(join(release, 'entrypoint.sh'), ['no-such-command'], { cwd: tmpdir(), env }).exited;
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toContain('unknown command "no-such-command"');
  });
});
