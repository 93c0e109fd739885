// What `pnpm release` leaves out of the release's node_modules (pnpm deploy's layout: node_modules/<name>
// links into node_modules/.pnpm/<entry>/node_modules/<name>, a package's dependencies are links beside
// it). Only what runs is shipped:
//   - the workspace's own packages (@arcade/*): server/build.mjs bundles them into server/*.js;
//   - packages reached only as an optional peer dependency: typescript, 23 MB, came in as i18next's
//     optional peer because the workspace has it; nothing imports it at run time;
//   - files Node never runs from node_modules: source maps, TypeScript sources and declarations
//     (Node strips no types under node_modules), a package's own tests (test folders, *.test.js),
//     its README and changelog; and the folders this leaves empty.
// Licence files stay.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const NOT_RUN_FILE = /\.(map|ts|mts|cts)$|\.(test|spec)\.[cm]?js$/;
const TEST_FOLDER = /^(test|tests|__tests__)$/;
const PACKAGE_ROOT_DOC = /^(readme|changelog|history)(\.\w+)?$/i;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The package folders of the store: .pnpm/<entry>/node_modules/<name> and /@scope/<name>, real folders only. */
function storePackages(store) {
  const packages = [];
  for (const entry of readdirSync(store)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      const names = name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name];
      for (const full of names) {
        const dir = join(modules, full);
        if (!lstatSync(dir).isSymbolicLink()) packages.push({ entry, name: full, dir });
      }
    }
  }
  return packages;
}

/**
 * The store entries reached from the root's dependencies through a package's dependencies,
 * optional dependencies and required peers; `optionalOnly`: those reached through an optional peer
 * and nothing else.
 */
function reach(modules, roots) {
  const store = join(modules, '.pnpm');
  const required = new Set();
  const viaOptionalPeer = new Set();
  const queue = [];
  const follow = (from, name, optionalPeer) => {
    const link = join(from, name);
    if (!existsSync(link)) return;
    const entry = relative(store, realpathSync(link)).split(sep)[0];
    if (optionalPeer) viaOptionalPeer.add(entry);
    else if (!required.has(entry)) {
      required.add(entry);
      queue.push({ entry, dir: realpathSync(link) });
    }
  };
  for (const name of roots) follow(modules, name, false);
  while (queue.length > 0) {
    const { entry, dir } = queue.pop();
    const pkg = readJson(join(dir, 'package.json'));
    const optionalPeers = new Set(Object.keys(pkg.peerDependenciesMeta ?? {}).filter((name) => pkg.peerDependenciesMeta[name]?.optional));
    const beside = join(store, entry, 'node_modules');
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) follow(beside, name, false);
    for (const name of Object.keys(pkg.peerDependencies ?? {})) follow(beside, name, optionalPeers.has(name));
  }
  return { required, optionalOnly: [...viaOptionalPeer].filter((entry) => !required.has(entry)) };
}

/** Removes the links that point at nothing any more, in the root, the store's entries and its hoisted folder. */
function removeDanglingLinks(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) {
      if (!existsSync(path)) rmSync(path);
    } else if (stat.isDirectory() && name.startsWith('@')) removeDanglingLinks(path);
  }
}

/** Deletes what never runs inside one package folder (not following links: each package is its own folder). */
function pruneFiles(dir, root, removed) {
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    if (item.isSymbolicLink()) continue;
    const notRun = item.isDirectory()
      ? TEST_FOLDER.test(item.name)
      : NOT_RUN_FILE.test(item.name) || (root && PACKAGE_ROOT_DOC.test(item.name));
    if (notRun) {
      removed.bytes += size(path);
      rmSync(path, { recursive: true, force: true });
    } else if (item.isDirectory()) {
      pruneFiles(path, false, removed);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    }
  }
}

/** Bytes of a file or folder, links counted as themselves. */
export function size(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const name of readdirSync(path)) total += size(join(path, name));
  return total;
}

/**
 * Prunes a `pnpm deploy --prod` node_modules in place, given the server's dependencies; returns
 * what went (store entries and bytes), for the build's log.
 */
export function pruneNodeModules(modules, dependencies) {
  const store = join(modules, '.pnpm');
  const workspace = Object.keys(dependencies).filter((name) => name.startsWith('@arcade/'));
  const { optionalOnly } = reach(
    modules,
    Object.keys(dependencies).filter((name) => !workspace.includes(name)),
  );
  const entries = [...optionalOnly, ...readdirSync(store).filter((entry) => entry.startsWith('@arcade+'))];
  const removed = { entries, bytes: 0 };
  for (const entry of entries) {
    removed.bytes += size(join(store, entry));
    rmSync(join(store, entry), { recursive: true, force: true });
  }
  for (const name of workspace) rmSync(join(modules, name), { recursive: true, force: true });
  // Command shims name the staging folder; nothing in the release runs them.
  for (const bin of [join(modules, '.bin'), join(store, 'node_modules', '.bin')]) rmSync(bin, { recursive: true, force: true });
  removeDanglingLinks(modules);
  if (existsSync(join(modules, '@arcade')) && readdirSync(join(modules, '@arcade')).length === 0)
    rmSync(join(modules, '@arcade'), { recursive: true });
  if (existsSync(join(store, 'node_modules'))) removeDanglingLinks(join(store, 'node_modules'));
  for (const { entry, dir } of storePackages(store)) {
    removeDanglingLinks(join(store, entry, 'node_modules'));
    pruneFiles(dir, true, removed);
  }
  return removed;
}
