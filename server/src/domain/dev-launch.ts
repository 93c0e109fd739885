import { signLaunchData } from './launch-data';

/** Telegram's dark theme, as a client passes it in tgWebAppThemeParams. */
export const DARK_THEME_PARAMS = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
} as const;

export const DEV_LAUNCH_DEFAULTS = { id: 1_000_001, firstName: 'Dev Player', platform: 'web', version: '8.0' } as const;

export interface DevLaunchRequest {
  id: number;
  firstName: string;
  startParam: string | null;
  platform: string;
}

export interface DevLaunch {
  /** Launch data signed with the server's bot token, as Telegram would sign it. */
  initData: string;
  /** The URL hash (without '#') the messenger opens the mini app with. */
  hash: string;
}

/** A launch of the mini app outside Telegram that the real validator accepts (development only). */
export function devLaunch(request: DevLaunchRequest, botToken: string, now: Date): DevLaunch {
  const initData = signLaunchData(
    {
      user: { id: request.id, first_name: request.firstName, language_code: 'en', allows_write_to_pm: true },
      chatType: 'sender',
      chatInstance: String(request.id),
      startParam: request.startParam,
    },
    botToken,
    now,
  );
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: DEV_LAUNCH_DEFAULTS.version,
    tgWebAppPlatform: request.platform,
    tgWebAppThemeParams: JSON.stringify(DARK_THEME_PARAMS),
    ...(request.startParam ? { tgWebAppStartParam: request.startParam } : {}),
  });
  // Telegram percent-encodes with %20, not '+'; the SDK parses both, match the real thing.
  return { initData, hash: hash.toString().replace(/\+/g, '%20') };
}
