import { readFileSync } from 'node:fs';

/**
 * The settings that are secrets, or hold one (a password in a URL). Each can also be given as
 * NAME_FILE, the path of a file whose content is the value, as Docker secrets mount them
 * (/run/secrets/<name>): the value is then in no environment `docker inspect` shows.
 */
export const SECRET_SETTINGS = [
  'BOT_TOKEN',
  'APP_KEY',
  'JWT_SECRET',
  'HOT_WALLET_SEED',
  'TONCENTER_API_KEY',
  'BOT_WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'REDIS_URL',
] as const;

/**
 * The variables with every NAME_FILE read into NAME (the file's trailing newlines dropped: `openssl
 * rand -hex 32 > file` ends with one). Setting both NAME and NAME_FILE is a problem, and so is a
 * file that cannot be read or is empty: each is named with the variable and the path, never with
 * what the file holds. Variables are present ones only (an empty one is unset).
 */
export function readSecretFiles(
  present: Record<string, string>,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): { values: Record<string, string>; problems: string[] } {
  const values = { ...present };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const fileVariable = `${name}_FILE`;
    const path = present[fileVariable];
    if (path === undefined) continue;
    delete values[fileVariable];
    if (present[name] !== undefined) {
      problems.push(`${name} and ${fileVariable} are both set: give the value one way only`);
      continue;
    }
    let content: string;
    try {
      content = read(path);
    } catch (error) {
      // The code (ENOENT, EACCES, EISDIR), never the error's whole message: that is all it says.
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${fileVariable} names ${path}, which cannot be read (${code})`);
      continue;
    }
    const value = content.replace(/[\r\n]+$/, '');
    if (value === '') problems.push(`${fileVariable} names ${path}, which is empty`);
    else values[name] = value;
  }
  return { values, problems };
}
