// `pnpm release [folder] [--source-maps]`: a self-contained production folder (default release/)
// that runs with `node server/main.js` and nothing beside it:
//
//   release.json          what was built (version, commit, image tag, time); marks the folder's root for the server
//   IMAGE_TAG             the image's tag alone (also the last line pnpm release prints)
//   package.json          "type": "module" for the bundle
//   app/dist/             the built app (vite, precompressed)
//   server/               main.js, cli.js and their chunks (server/build.mjs --release), migrations/;
//                         their source maps only with --source-maps
//   node_modules/         the server's production dependencies only (pnpm deploy --prod, from the lockfile),
//                         pruned to what runs (deploy/prune.mjs: no typescript, maps, sources or tests)
//   Dockerfile, entrypoint.sh   the image (deploy/): migrate, then exec the server; or run its arguments
//
// The image's tag is the server's version and the commit, ton-arcade:<version>-<commit>
// (`-dirty` when built from uncommitted changes): each release has its own, so the previous one
// stays on the host to roll back to (docs/operations.md, section 4).
//
// Development-only packages (@ton/sandbox, @ton-community/func-js, PGlite: the server's
// devDependencies) are not installed; the server imports them only dynamically, on the emulated
// chain or the embedded database, which production refuses. The folder is built beside the target
// and swapped in at the end, so a failed build leaves the previous release as it was.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneNodeModules, size } from './prune.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const sourceMaps = args.includes('--source-maps');
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--source-maps');
const out = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(root, 'release'));
const next = `${out}.new`;

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}
class Refused extends Error {}

if (unknown.length > 0) fail(`unknown option ${unknown.join(', ')} (usage: pnpm release [folder] [--source-maps])`);

if (out === root || root.startsWith(out + sep)) fail(`${out} holds the workspace; name a folder of its own`);
if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, 'release.json'))) {
  fail(`${out} exists and is not a release folder (no release.json); remove it or name another folder`);
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const run = (command, args, options = {}) => execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

rmSync(next, { recursive: true, force: true });
mkdirSync(next, { recursive: true });
let imageTag;
const staging = mkdtempSync(join(tmpdir(), 'arcade-release-'));
try {
  // The app, built straight into the release (app/dist, which e2e runs use, is left alone).
  run('pnpm', [
    '--filter',
    '@arcade/app',
    'exec',
    'vite',
    'build',
    '--outDir',
    join(next, 'app', 'dist'),
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);

  // The server bundle and its migrations, without the embedded database's template.
  run(process.execPath, [join(root, 'server', 'build.mjs'), '--release', ...(sourceMaps ? [] : ['--no-sourcemap'])], {
    env: { ...process.env, SERVER_OUT_DIR: join(next, 'server') },
  });

  // Production dependencies at the lockfile's versions: pnpm deploy copies them from the store
  // (or the registry) into a folder of their own, with relative links, so the folder can move.
  const deployed = join(staging, 'server');
  run('pnpm', ['--filter', '@arcade/server', 'deploy', '--prod', '--prefer-offline', '--config.inject-workspace-packages=true', deployed], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    renameSync(join(deployed, 'node_modules'), join(next, 'node_modules'));
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    cpSync(join(deployed, 'node_modules'), join(next, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  const server = readJson(join(root, 'server', 'package.json'));
  const pruned = pruneNodeModules(join(next, 'node_modules'), server.dependencies);
  console.log(`release: left out of node_modules ${mb(pruned.bytes)} (${pruned.entries.join(', ') || 'no package'}, maps, sources, tests)`);

  // No development-only package may have come in, not even as another package's dependency.
  const devOnly = Object.keys(server.devDependencies ?? {}).filter((name) => !(name in (server.dependencies ?? {})));
  const store = readdirSync(join(next, 'node_modules', '.pnpm'));
  const shipped = devOnly.filter(
    (name) => existsSync(join(next, 'node_modules', name)) || store.some((entry) => entry.startsWith(`${name.replace('/', '+')}@`)),
  );
  if (shipped.length > 0) throw new Refused(`development-only packages in the release's node_modules: ${shipped.join(', ')}`);

  const workspace = readJson(join(root, 'package.json'));
  writeFileSync(
    join(next, 'package.json'),
    `${JSON.stringify(
      {
        name: 'ton-arcade-release',
        private: true,
        type: 'module',
        engines: workspace.engines,
        scripts: { start: 'node server/main.js', migrate: 'node server/cli.js migrate', operator: 'node server/cli.js' },
      },
      null,
      2,
    )}\n`,
  );
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  };
  const status = git('status', '--porcelain');
  const commit = git('rev-parse', 'HEAD');
  const dirty = status === null ? null : status.length > 0;
  imageTag = `${server.version}-${commit ? git('rev-parse', '--short=10', 'HEAD') : 'nocommit'}${dirty ? '-dirty' : ''}`;
  writeFileSync(
    join(next, 'release.json'),
    `${JSON.stringify(
      {
        version: server.version,
        commit,
        // Built from a working tree with uncommitted changes: the commit alone does not describe it.
        dirty,
        // The tag the image of this folder gets: `docker build -t ton-arcade:<imageTag> release`.
        imageTag,
        builtAt: new Date().toISOString(),
        builtWith: process.version,
        migrations: readdirSync(join(next, 'server', 'migrations')).filter((file) => file.endsWith('.sql')),
      },
      null,
      2,
    )}\n`,
  );
  // The tag alone, for the runbook's `docker build -t "ton-arcade:$(cat release/IMAGE_TAG)" release`.
  writeFileSync(join(next, 'IMAGE_TAG'), `${imageTag}\n`);
  copyFileSync(join(root, 'deploy', 'Dockerfile'), join(next, 'Dockerfile'));
  copyFileSync(join(root, 'deploy', 'entrypoint.sh'), join(next, 'entrypoint.sh'));
  chmodSync(join(next, 'entrypoint.sh'), 0o755);

  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
  // A failed command has already printed why; a refusal says it here.
  fail(error instanceof Refused ? error.message : `not built (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
}
rmSync(staging, { recursive: true, force: true });

const where = relative(process.cwd(), out) || '.';
const parts = ['app', 'server', 'node_modules'].map((part) => `${part} ${mb(size(join(out, part)))}`).join(', ');
console.log(`release: ${where}, ${mb(size(out))} (${parts})`);
console.log(`release: run: cd ${where} && ./entrypoint.sh; image: docker build -t ton-arcade:${imageTag} ${where}`);
console.log(`ARCADE_IMAGE_TAG=${imageTag}`);
