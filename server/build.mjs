// Bundles the server into dist/main.js: our own code and the workspace contract (@arcade/api-client)
// go into the bundle, every npm package stays external and is loaded from node_modules. The
// development-only ones (devDependencies: @ton/sandbox, PGlite) too: they are imported only
// dynamically, on the emulated chain or the embedded database, and the release does not ship them.
// `node build.mjs --release` leaves out the embedded database's template (pnpm release), and
// `--no-sourcemap` the source maps (pnpm release unless asked for them).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@arcade/'));
const release = process.argv.includes('--release');
// SERVER_OUT_DIR lets several builds live side by side (parallel e2e runs on one machine).
const dist = process.env.SERVER_OUT_DIR ?? join(here, 'dist');

rmSync(dist, { recursive: true, force: true });

await build({
  // main.js (the server) and cli.js (operator commands); the emulated chain is its own chunk,
  // loaded only when the server runs on it.
  entryPoints: {
    main: join(here, 'src/main.ts'),
    cli: join(here, 'src/cli.ts'),
    ...(release ? {} : { 'make-pglite-template': join(here, 'src/make-pglite-template.ts') }),
  },
  outdir: dist,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: !process.argv.includes('--no-sourcemap'),
  external,
  // ESM output has no `require`; give bundled CommonJS code one if it ever needs it.
  banner: {
    js: "import { createRequire as __arcadeCreateRequire } from 'node:module'; const require = __arcadeCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The migrator looks for ./migrations next to the bundle (see src/db/migrator.ts).
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
cpSync(join(here, 'src/db/functions'), join(dist, 'functions'), { recursive: true });

// A new embedded database starts from this migrated data folder instead of running initdb.
if (!release)
  execFileSync(process.execPath, [join(dist, 'make-pglite-template.js'), join(dist, 'pglite-template.tar.gz'), join(here, '.cache')], {
    stdio: 'inherit',
  });

console.log(`built ${dist}/main.js and cli.js (external: ${external.join(', ')})`);
