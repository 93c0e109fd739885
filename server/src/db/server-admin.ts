import pg from 'pg';

/**
 * Runs one statement on the PostgreSQL server of `serverUrl` over a connection of its own, as
 * CREATE and DROP DATABASE need (outside a transaction, not on the database they name).
 */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` on the server of `serverUrl`, empty or a copy of `template`, and
 * returns its URL and how to drop it (closing any connection still open to it).
 */
export async function createDatabaseOn(
  serverUrl: string,
  name: string,
  template: string | null = null,
): Promise<{ url: string; drop: () => Promise<void> }> {
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
