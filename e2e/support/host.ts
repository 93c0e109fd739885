import { expect, type Page, type TestInfo } from '@playwright/test';
import { sign } from '@tma.js/init-data-node';
import { APP_KEY, BOT_TOKEN } from './env';

export type Platform = 'ios' | 'android';

export interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface HostOptions {
  platform: Platform;
  /** The device's own safe area (notch, home indicator, status bar). */
  safeArea: Insets;
  /** The messenger's overlay controls in fullscreen (close and menu pills). */
  contentSafeArea: Insets;
}

export interface TestUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  allows_write_to_pm?: boolean;
}

export const theme = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
  bottom_bar_bg_color: '#17212b',
};

export function hostFor(testInfo: TestInfo): HostOptions {
  const platform = (testInfo.project.metadata as { platform?: Platform }).platform ?? 'ios';
  return platform === 'ios'
    ? { platform, safeArea: { top: 47, bottom: 34, left: 0, right: 0 }, contentSafeArea: { top: 46, bottom: 0, left: 0, right: 0 } }
    : { platform, safeArea: { top: 24, bottom: 16, left: 0, right: 0 }, contentSafeArea: { top: 48, bottom: 0, left: 0, right: 0 } };
}

let nextUserId = 0;
/**
 * A user id no other test in this run uses (the server keeps its database for the whole run).
 * Their Telegram speaks Russian, so the app starts in Russian until a test chooses English.
 */
export function freshUser(first_name = 'Test Player'): TestUser {
  nextUserId += 1;
  const id = 5_000_000_000 + process.pid * 1000 + nextUserId + Math.floor(Math.random() * 1000) * 1_000_000;
  return { id, first_name, last_name: 'E2E', username: `player${id}`, language_code: 'ru', allows_write_to_pm: true };
}

/** Launch data as the messenger signs it, with the bot token the server under test knows. */
export function signLaunch(user: TestUser, options: { startParam?: string; authDate?: Date; token?: string } = {}): string {
  return sign(
    {
      user: { ...user, is_premium: false, photo_url: '' },
      chat_type: 'sender',
      chat_instance: '-8000000000000000001',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    options.token ?? BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

export interface HostMessage {
  type: string;
  params: unknown;
}

/**
 * Installs a fake messenger bridge before the page loads: it records every message the app
 * sends and answers viewport, safe area, theme and fullscreen requests, and sends a prepared
 * message (shareMessage) as a phone would.
 */
async function installBridge(page: Page, host: HostOptions): Promise<void> {
  await page.addInitScript(
    ({ host: h, themeParams }) => {
      const w = window as unknown as {
        __hostMessages: Array<{ type: string; params: unknown }>;
        TelegramWebviewProxy: { postEvent(type: string, json?: string): void };
        Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
      };
      w.__hostMessages = [];
      let fullscreen = false;
      const emit = (type: string, data: unknown) =>
        setTimeout(() => {
          const receive = w.Telegram?.WebView?.receiveEvent;
          if (receive) receive(type, data);
          else window.postMessage(JSON.stringify({ eventType: type, eventData: data }), '*');
        }, 5);
      const viewport = () => ({
        height: window.innerHeight,
        width: window.innerWidth,
        is_expanded: true,
        is_state_stable: true,
      });
      w.TelegramWebviewProxy = {
        postEvent(type, json) {
          const params: unknown = json ? JSON.parse(json) : undefined;
          w.__hostMessages.push({ type, params });
          switch (type) {
            case 'web_app_request_viewport':
            case 'web_app_expand':
              emit('viewport_changed', viewport());
              break;
            case 'web_app_request_safe_area':
              emit('safe_area_changed', h.safeArea);
              break;
            case 'web_app_request_content_safe_area':
              emit('content_safe_area_changed', h.contentSafeArea);
              break;
            case 'web_app_request_theme':
              emit('theme_changed', { theme_params: themeParams });
              break;
            case 'web_app_request_fullscreen':
              if (fullscreen) emit('fullscreen_failed', { error: 'ALREADY_FULLSCREEN' });
              else {
                fullscreen = true;
                emit('fullscreen_changed', { is_fullscreen: true });
              }
              break;
            case 'web_app_exit_fullscreen':
              fullscreen = false;
              emit('fullscreen_changed', { is_fullscreen: false });
              break;
            // The player picks a chat in the messenger's dialog and sends the prepared message.
            case 'web_app_send_prepared_message':
              emit('prepared_message_sent', {});
              break;
            default:
              break;
          }
        },
      };
    },
    { host, themeParams: theme },
  );
}

export interface OpenOptions {
  user?: TestUser;
  path?: string;
  startParam?: string;
  /** Raw launch data to send instead of a correctly signed one. */
  initData?: string;
  /**
   * Whether the player has confirmed being 18 or older before the page opens (through the API,
   * with the same launch data): true unless false is given or raw launch data replaces the signed one.
   */
  ageConfirmed?: boolean;
}

/** Opens the app as the messenger would: the fake bridge, then the URL with the signed launch hash. */
export async function openApp(page: Page, testInfo: TestInfo, options: OpenOptions = {}) {
  const host = hostFor(testInfo);
  const user = options.user ?? freshUser();
  const initData = options.initData ?? signLaunch(user, { startParam: options.startParam });
  if (options.ageConfirmed !== false && options.initData === undefined) await confirmAge(page, initData);
  await installBridge(page, host);
  await offline(page);
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: host.platform,
    tgWebAppThemeParams: JSON.stringify(theme),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  await page.goto(`${options.path ?? '/'}#${hash.toString()}`);
  return { user, host, initData };
}

/** Signs in with the launch data the page will open with and confirms 18+, as the app's first bet asks. */
async function confirmAge(page: Page, initData: string): Promise<void> {
  const headers = { 'Content-Type': 'application/json', 'X-App-Key': APP_KEY };
  const auth = await page.request.post('/api/v3/auth', { headers, data: { initData } });
  const body = (await auth.json()) as { success: boolean; data?: { token: string } };
  if (!body.success || !body.data) throw new Error(`login failed: ${JSON.stringify(body)}`);
  const confirmed = await page.request.post('/api/v3/play/age-confirm', {
    headers: { ...headers, Authorization: `Bearer ${body.data.token}` },
    data: {},
  });
  if (!confirmed.ok()) throw new Error(`play/age-confirm: ${confirmed.status()}`);
}

/**
 * The test machine has no internet: the wallet icons TON Connect fetches from the wallets' own
 * sites would hang until the browser gives up. Refuse them at once, as a phone without a
 * connection does, so a screen settles the way it does for a player on a bad network.
 */
async function offline(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('internetdisconnected'),
  );
}

export async function hostMessages(page: Page): Promise<HostMessage[]> {
  return page.evaluate(() => (window as unknown as { __hostMessages: HostMessage[] }).__hostMessages);
}

/** The path the app shows, without the launch hash the messenger appends. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { message: `path should become ${path}` }).toBe(path);
}
