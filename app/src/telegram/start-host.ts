import {
  backButton,
  init,
  initData,
  miniApp,
  postEvent,
  retrieveLaunchParams,
  retrieveRawInitData,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
  type LaunchParams,
} from '@tma.js/sdk-react';
import { enableDebug, isDebugStartParam } from './debug';
import { hasHostTransport, isMobilePlatform, setHostEnv } from './host-env';
import { installMacosShim } from './macos-shim';

export type HostStart =
  | { kind: 'ready'; initData: string; userId: string; platform: string; startParam: string | undefined }
  | { kind: 'unsupported'; reason: string };

const VIEWPORT_TIMEOUT_MS = 3000;

function readLaunchParams(): LaunchParams | null {
  try {
    return retrieveLaunchParams();
  } catch {
    return null;
  }
}

function launchParamsInAddress(): boolean {
  return /(?:^|[#?&])tgWebAppData=/.test(`${window.location.search}${window.location.hash}`);
}

async function tryDevLaunch(devLaunch: typeof import('./dev-launch'), appKey: string): Promise<boolean> {
  try {
    return await devLaunch.launchInBrowser(appKey);
  } catch (error) {
    console.error('[telegram] the development launch is not usable launch data', error);
    return false;
  }
}

/** Runs one host call; a missing feature or a host error is logged, never thrown. */
function attempt(what: string, call: () => void): void {
  try {
    call();
  } catch (error) {
    console.warn(`[telegram] ${what} failed`, error);
  }
}

function bindViewport(platform: string): void {
  const mounted = viewport.mount.ifAvailable({ timeout: VIEWPORT_TIMEOUT_MS });
  if (!mounted.ok) return;
  // Never awaited before rendering: on macOS this request may never be answered.
  mounted.data
    .then(() => {
      attempt('viewport.bindCssVars', () => {
        if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
      });
      attempt('viewport.expand', () => viewport.expand.ifAvailable());
    })
    .catch((error: unknown) => console.warn('[telegram] viewport.mount failed', error))
    .finally(() => {
      if (isMobilePlatform(platform)) requestFullscreen();
    });
}

function requestFullscreen(): void {
  if (viewport.isFullscreen()) return;
  const requested = viewport.requestFullscreen.ifAvailable();
  if (!requested.ok) return;
  requested.data.catch((error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    // ALREADY_FULLSCREEN is fine; anything else (UNSUPPORTED, a timeout) only gets logged.
    if (!text.includes('ALREADY_FULLSCREEN')) console.warn('[telegram] fullscreen request failed', error);
  });
}

/**
 * The host's header and bottom bar take the theme's colours from the start. The mounted
 * miniApp keeps them following the theme (it re-sends them on every theme change, as long as
 * its state names theme keys, so they are posted here rather than set through it).
 */
function paintHostBars(): void {
  const header = themeParams.headerBgColor() ?? themeParams.bgColor();
  const bottom = themeParams.bottomBarBgColor() ?? themeParams.secondaryBgColor() ?? themeParams.bgColor();
  if (header && miniApp.setHeaderColor.isAvailable())
    attempt('header colour', () => postEvent('web_app_set_header_color', { color: header }));
  if (bottom && miniApp.setBottomBarColor.isAvailable())
    attempt('bottom bar colour', () => postEvent('web_app_set_bottom_bar_color', { color: bottom }));
}

/** Mounts the host components the app uses and binds their CSS variables. */
function mountHost(launch: LaunchParams): void {
  const platform = launch.tgWebAppPlatform;
  attempt('backButton.mount', () => backButton.mount.ifAvailable());
  attempt('initData.restore', () => initData.restore());
  attempt('theme', () => {
    if (miniApp.mount.isAvailable()) {
      themeParams.mount.ifAvailable();
      miniApp.mount();
    }
    if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable();
    if (!miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable();
    paintHostBars();
  });
  attempt('settingsButton.mount', () => settingsButton.mount.ifAvailable());
  attempt('viewport', () => bindViewport(platform));
  attempt('swipeBehavior', () => {
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.disableVertical.ifAvailable();
  });
  attempt('miniApp.ready', () => miniApp.ready.ifAvailable());
}

/**
 * Host start-up, outside React (spec sections 1 and 4): find the launch data (or get a signed
 * development launch in a plain browser), initialise the SDK, mount and bind the host parts.
 */
export async function startHost(appKey: string): Promise<HostStart> {
  let launch = readLaunchParams();
  const transport = hasHostTransport();
  let browser = false;

  if (!transport) {
    // A plain browser. Launch params in the address are used as they are (a test or a pasted
    // launch); otherwise a development server hands out a fresh signed launch (params stored
    // by an earlier visit may be too old to log in with).
    const devLaunch = await import('./dev-launch');
    if (launch && launchParamsInAddress()) {
      devLaunch.installBrowserHost();
    } else if (await tryDevLaunch(devLaunch, appKey)) {
      launch = readLaunchParams();
    } else if (launch) {
      devLaunch.installBrowserHost();
    }
    browser = true;
  }

  if (!launch) return { kind: 'unsupported', reason: 'no launch parameters' };

  const platform = launch.tgWebAppPlatform;
  const startParam = launch.tgWebAppStartParam ?? launch.tgWebAppData?.start_param;
  setHostEnv({ platform, browser });
  if (isDebugStartParam(startParam)) enableDebug(platform);

  try {
    init();
  } catch (error) {
    console.error('[telegram] SDK init failed', error);
    return { kind: 'unsupported', reason: 'the SDK could not start' };
  }
  if (platform === 'macos') installMacosShim(launch.tgWebAppThemeParams);
  mountHost(launch);

  const raw = retrieveRawInitData();
  if (!raw) return { kind: 'unsupported', reason: 'no init data' };
  const userId = launch.tgWebAppData?.user?.id;
  return { kind: 'ready', initData: raw, userId: userId === undefined ? 'anonymous' : String(userId), platform, startParam };
}
