import { type } from 'arktype';
import { emitEvent, mockTelegramEnv, retrieveLaunchParams } from '@tma.js/sdk-react';

// Loaded only outside Telegram (dynamic import): asks the development server for a signed
// launch and stands in for the host so the app runs in any browser.

const DevLaunchReply = type({
  success: 'true',
  data: { initData: 'string > 0', hash: 'string > 0' },
});

export const DEV_LAUNCH_PATH = '/api/dev/launch?platform=web';

/** The launch hash signed by the server's bot token, or null when the server offers none. */
export async function fetchDevLaunch(appKey: string, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(DEV_LAUNCH_PATH, {
      headers: { Accept: 'application/json', 'X-App-Key': appKey },
    });
    if (!response.ok) return null;
    const reply = DevLaunchReply(await response.json());
    if (reply instanceof type.errors) {
      console.warn(`[telegram] dev launch: ${reply.summary}`);
      return null;
    }
    return reply.data.hash.replace(/^#/, '');
  } catch {
    return null;
  }
}

const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

const DARK_THEME = {
  bg_color: '#0b0d13',
  secondary_bg_color: '#141824',
  section_bg_color: '#121622',
  header_bg_color: '#0b0d13',
  bottom_bar_bg_color: '#0b0d13',
  text_color: '#f2f4f8',
  hint_color: '#8b93a7',
  subtitle_text_color: '#8b93a7',
  link_color: '#5aa9ff',
  accent_text_color: '#5aa9ff',
  section_header_text_color: '#5aa9ff',
  button_color: '#2f8cff',
  button_text_color: '#ffffff',
  destructive_text_color: '#ff5d6c',
  section_separator_color: '#1f2433',
} as const;

function launchTheme(): Record<string, `#${string}`> {
  try {
    const theme = retrieveLaunchParams().tgWebAppThemeParams;
    if (Object.keys(theme).length > 0) return theme;
  } catch {
    // no launch params yet: fall through to our dark palette
  }
  return DARK_THEME;
}

function emitViewport(): void {
  emitEvent('viewport_changed', {
    height: window.innerHeight,
    width: window.innerWidth,
    is_expanded: true,
    is_state_stable: true,
  });
}

let installed = false;

/** Answers the requests a host would answer (viewport, theme, safe areas), like the template's mock. */
export function installBrowserHost(launchParams?: string): void {
  if (installed) return;
  mockTelegramEnv({
    ...(launchParams ? { launchParams } : {}),
    onEvent(event) {
      switch (event.name) {
        case 'web_app_request_theme':
          emitEvent('theme_changed', { theme_params: launchTheme() });
          return;
        case 'web_app_request_viewport':
          emitViewport();
          return;
        case 'web_app_request_safe_area':
          emitEvent('safe_area_changed', NO_INSETS);
          return;
        case 'web_app_request_content_safe_area':
          emitEvent('content_safe_area_changed', NO_INSETS);
          return;
        default:
          // A browser has no host to show buttons or popups: other methods are dropped.
          return;
      }
    },
  });
  installed = true;
  window.addEventListener('resize', emitViewport);
}

/**
 * Fetches a fresh signed launch and installs the stand-in host (which checks and stores the
 * launch params; it throws if they are not valid). The hash then goes into the address,
 * replacing the entry, so the SDK reads it like a real launch.
 */
export async function launchInBrowser(appKey: string): Promise<boolean> {
  const hash = await fetchDevLaunch(appKey);
  if (!hash) return false;
  installBrowserHost(hash);
  history.replaceState(history.state, '', `${location.pathname}${location.search}#${hash}`);
  return true;
}
