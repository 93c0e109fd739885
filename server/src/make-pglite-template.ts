// Build step (build.mjs): puts the migrated PGlite data folder tarball beside the bundle, made once
// per PGlite version and set of migrations and kept in server/.cache between builds.
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pgliteTemplateKey, writePgliteTemplate } from './db/pglite-template';

const [target, cacheDir] = process.argv.slice(2);
if (!target || !cacheDir) {
  console.error('usage: make-pglite-template <target file> <cache folder>');
  process.exit(2);
}
const cached = join(cacheDir, `pglite-template-${pgliteTemplateKey()}.tar.gz`);
if (!existsSync(cached)) {
  const started = Date.now();
  await writePgliteTemplate(cached);
  console.log(`made the embedded database template in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
copyFileSync(cached, target);
