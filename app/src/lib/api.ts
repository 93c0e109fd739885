import { createApiClient, type ApiClient } from '@arcade/api-client/client';
import type { AuthResult } from '@arcade/api-client/schemas';

export interface AppApi extends ApiClient {
  /**
   * Logs in with the host's raw launch data and remembers it for re-logins on 401. `sent` is the
   * reply of this same login when it was sent already (the page's entry does, main.tsx): it is
   * checked and taken instead of asking again.
   */
  login(initData: string, sent?: Promise<Response>): Promise<AuthResult>;
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
    async login(data: string, sent?: Promise<Response>): Promise<AuthResult> {
      initData = data;
      if (!sent) return client.auth(data);
      const result = await client.accept('auth', sent);
      client.setToken(result.token);
      return result;
    },
  });
}
