import pg from 'pg';

/** What a listener of a notification channel is told. */
export interface ChannelListener {
  /** Each notification's payload, in the order the transactions committed. */
  onPayload(payload: string): void;
  /**
   * Listening resumed after the connection was lost: notifications sent meanwhile were missed,
   * so anything built from them should be read again.
   */
  onGap?(): void;
  /** The connection failed (it is opened again after a pause). */
  onError?(error: Error): void;
}

/** The channel name goes into LISTEN as an identifier: only plain lower-case names. */
export function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** Pauses before opening a lost connection again: doubling, capped. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a PostgreSQL connection of its own (a pooled one would be handed to other queries).
 * Resolves once the first LISTEN has been answered; a connection lost later is opened again
 * until stopped, and the listener hears of the gap.
 */
export async function listenPostgres(url: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  const name = checkChannel(channel);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const fresh = new pg.Client({ connectionString: url, application_name: `arcade-listen-${name}` });
    fresh.on('notification', (message) => {
      if (message.channel === name && message.payload !== undefined) listener.onPayload(message.payload);
    });
    fresh.on('error', (error) => {
      listener.onError?.(error);
      lost(fresh);
    });
    fresh.on('end', () => lost(fresh));
    client = fresh;
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${name}`);
    } catch (error) {
      lost(fresh);
      throw error;
    }
  };

  const lost = (which: pg.Client): void => {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => {});
    if (!stopped) schedule();
  };

  const schedule = (): void => {
    if (timer || stopped) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => {
          retryMs = RETRY_FIRST_MS;
          listener.onGap?.();
        },
        (error: unknown) => listener.onError?.(error instanceof Error ? error : new Error(String(error))),
      );
    }, wait);
    timer.unref();
  };

  try {
    await connect();
  } catch (error) {
    // The first connection is the caller's to retry: nothing runs on after a failed start.
    stopped = true;
    if (timer) clearTimeout(timer);
    throw error;
  }
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const last = client;
    client = null;
    if (last) await last.end().catch(() => {});
  };
}
