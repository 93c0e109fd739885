import { createApiClient, type ApiClient } from '@arcade/api-client/client';
import type { AuthResult } from '@arcade/api-client/schemas';

export interface AppApi extends ApiClient {
  /** Logs in with the host's raw launch data and remembers it for re-logins on 401. */
  login(initData: string): Promise<AuthResult>;
}

export interface AppApiOptions {
  appKey: string;
  /** '' = the page's own origin (the server serves the app). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** The API client of the app: one instance per page, holding the bearer token. */
export function createAppApi(options: AppApiOptions): AppApi {
  let initData: string | null = null;
  let relogin: Promise<boolean> | null = null;

  const client = createApiClient({
    baseUrl: options.baseUrl ?? '',
    appKey: options.appKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The token expired: log in again with the same launch data, once for all calls waiting on it.
    onUnauthorized: () => {
      const data = initData;
      if (!data) return Promise.resolve(false);
      relogin ??= client
        .auth(data)
        .then(
          () => true,
          (error: unknown) => {
            console.error('[api] re-login failed', error);
            return false;
          },
        )
        .finally(() => {
          relogin = null;
        });
      return relogin;
    },
  });

  return Object.assign(client, {
    login(data: string): Promise<AuthResult> {
      initData = data;
      return client.auth(data);
    },
  });
}
