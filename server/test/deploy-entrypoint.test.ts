import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers';

/**
 * deploy/entrypoint.sh's arguments, as `docker compose run --rm server <arguments>` passes them:
 * the script itself under sh, with a `node` on PATH that records how it was called (the real
 * release runs it in server/test/release.test.ts).
 */

const ENTRYPOINT = fileURLToPath(new URL('../../deploy/entrypoint.sh', import.meta.url));
const DEPLOY = fileURLToPath(new URL('../../deploy', import.meta.url));
const work = tempDir('entrypoint');
const bin = join(work, 'bin');
mkdirSync(bin);
// Records its folder and arguments, one call a line; exits with the code the test asks for.
writeFileSync(
  join(bin, 'node'),
  `#!/bin/sh
line="$(pwd):"
for arg in "$@"; do line="$line [$arg]"; done
echo "$line" >> "$NODE_CALLS"
case "$*" in
  "server/cli.js migrate") exit "\${MIGRATE_EXIT:-0}" ;;
  server/main.js) exit 0 ;;
  *) exit "\${COMMAND_EXIT:-0}" ;;
esac
`,
);
chmodSync(join(bin, 'node'), 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

let runs = 0;
async function entrypoint(args: string[], env: Record<string, string> = {}) {
  const calls = join(work, `calls-${++runs}`);
  writeFileSync(calls, '');
  const child = spawn('sh', [ENTRYPOINT, ...args], {
    cwd: work,
    env: { PATH: `${bin}:/usr/bin:/bin`, NODE_CALLS: calls, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, calls: readFileSync(calls, 'utf8').split('\n').filter(Boolean) };
}

describe('deploy/entrypoint.sh', () => {
  it('with no arguments migrates, then becomes the server, from its own folder', async () => {
    expect(await entrypoint([])).toEqual({
      code: 0,
      stdout: '',
      calls: [`${DEPLOY}: [server/cli.js] [migrate]`, `${DEPLOY}: [server/main.js]`],
    });
  });

  it('starts no server when the migration fails, and exits with its code', async () => {
    const run = await entrypoint([], { MIGRATE_EXIT: '1' });
    expect(run.code).toBe(1);
    expect(run.calls).toEqual([`${DEPLOY}: [server/cli.js] [migrate]`]);
  });

  it('an operator command runs alone, with its arguments as given, and its exit code is the container’s', async () => {
    expect(await entrypoint(['migrate'])).toMatchObject({ code: 0, calls: [`${DEPLOY}: [server/cli.js] [migrate]`] });
    expect(await entrypoint(['audit'], { COMMAND_EXIT: '1' })).toMatchObject({ code: 1, calls: [`${DEPLOY}: [server/cli.js] [audit]`] });
    expect(await entrypoint(['backup:verify'], { COMMAND_EXIT: '3' })).toMatchObject({
      code: 3,
      calls: [`${DEPLOY}: [server/cli.js] [backup:verify]`],
    });
    expect((await entrypoint(['deposits:resolve', '12', '34', 'paid by hand, see ticket 9'])).calls).toEqual([
      `${DEPLOY}: [server/cli.js] [deposits:resolve] [12] [34] [paid by hand, see ticket 9]`,
    ]);
  });

  it('node, sh or a path runs as given: `node server/cli.js audit` is the audit, not a second server', async () => {
    expect(await entrypoint(['node', 'server/cli.js', 'audit'])).toMatchObject({
      code: 0,
      calls: [`${DEPLOY}: [server/cli.js] [audit]`],
    });
    expect(await entrypoint(['sh', '-c', 'echo "a shell in $(pwd)"'])).toEqual({ code: 0, stdout: `a shell in ${DEPLOY}\n`, calls: [] });
    expect(await entrypoint([join(bin, 'node'), 'server/cli.js', 'wallet:address'])).toMatchObject({
      calls: [`${DEPLOY}: [server/cli.js] [wallet:address]`],
    });
  });
});
