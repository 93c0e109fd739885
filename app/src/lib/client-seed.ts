/** Random bytes in a client seed the browser makes: 128 bits, as 32 hex digits. */
const CLIENT_SEED_BYTES = 16;

/**
 * A client seed made in the player's browser (Web Crypto), never by the server: the server
 * commits to its own seed before it can know this one. A new one each call.
 */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CLIENT_SEED_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let pageSeed: string | null = null;

/**
 * The client seed this page offers when the player has no seed pair yet (the server takes it for
 * their first pair only): one per page load, so every screen offers the same.
 */
export function firstClientSeed(): string {
  pageSeed ??= newClientSeed();
  return pageSeed;
}
