/**
 * The chain of first API calls of a launch (see early-calls.ts), free of the page: it runs in a
 * small worker, so it keeps going while the page's main thread is busy evaluating the start-up
 * code, and on the main thread where there is no worker. It reports every step as an event.
 */

/** The paths of the calls made early (the api-client's `calls` table; a test checks they match). */
export const EARLY_PATHS = {
  auth: '/api/v3/auth',
  profileLight: '/api/v3/profile/light',
  profileFull: '/api/v3/profile/full',
  bonusState: '/api/v3/bonus/state',
} as const;

/** What the chain needs: where to call, the app key, the launch data, the first screen's call. */
export interface ChainPlan {
  origin: string;
  appKey: string;
  initData: string;
  /** The first screen's own data call, or null when the screen has none made early. */
  screenPath: string | null;
}

export type ChainEvent =
  | { kind: 'sent'; path: string; authorization: string | null }
  | { kind: 'answer'; path: string; status: number; statusText: string; contentType: string | null; text: string }
  | { kind: 'failed'; path: string }
  | { kind: 'done' };

/** The request body of an early call, exactly as the API client writes it. */
export function earlyBody(path: string, initData: string): string {
  return path === EARLY_PATHS.auth ? JSON.stringify({ initData }) : '{}';
}

/** The language of the light profile a login's reply carries (AuthResult), or null. */
export function profileLanguageOf(authReplyText: string): string | null {
  const profile = dataOf(authReplyText)?.profile;
  const lang = typeof profile === 'object' && profile !== null ? (profile as { lang?: unknown }).lang : undefined;
  return typeof lang === 'string' && lang !== '' ? lang : null;
}

/** The `data` of a successful reply's text, or null. */
function dataOf(text: string): Record<string, unknown> | null {
  try {
    const reply: unknown = JSON.parse(text);
    if (typeof reply !== 'object' || reply === null) return null;
    const { success, data } = reply as { success?: unknown; data?: unknown };
    return success === true && typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Logs in and, once onboarding is completed, loads the full profile and the first screen's data
 * side by side (spec section 4's order): two round trips, as the login's reply carries the light
 * profile (AuthResult); from a server whose reply does not, the light profile is asked for in
 * between. Stops at the first refusal or failure: start-up then asks the network for the rest
 * itself.
 */
export async function runEarlyChain(
  plan: ChainPlan,
  fetchImpl: typeof globalThis.fetch,
  report: (event: ChainEvent) => void,
): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-App-Key': plan.appKey };

  const call = async (path: string, authorization: string | null): Promise<Record<string, unknown> | null> => {
    report({ kind: 'sent', path, authorization });
    try {
      const response = await fetchImpl(new URL(path, plan.origin).href, {
        method: 'POST',
        headers: authorization ? { ...headers, Authorization: authorization } : headers,
        body: earlyBody(path, plan.initData),
      });
      const text = await response.text();
      report({
        kind: 'answer',
        path,
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type'),
        text,
      });
      return response.ok ? dataOf(text) : null;
    } catch {
      report({ kind: 'failed', path });
      return null;
    }
  };

  try {
    const auth = await call(EARLY_PATHS.auth, null);
    const token = auth?.token;
    if (typeof token !== 'string' || token === '') return;
    const authorization = `Bearer ${token}`;
    const carried = auth?.profile;
    const light =
      typeof carried === 'object' && carried !== null
        ? (carried as Record<string, unknown>)
        : await call(EARLY_PATHS.profileLight, authorization);
    if (light?.onboardingCompleted !== true) return;
    const screenPath = plan.screenPath;
    await Promise.all([call(EARLY_PATHS.profileFull, authorization), screenPath ? call(screenPath, authorization) : null]);
  } finally {
    report({ kind: 'done' });
  }
}
