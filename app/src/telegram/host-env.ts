/** What start-up learned about the host; read by the hooks in this folder. */
export interface HostEnv {
  platform: string;
  /** A plain browser with our stand-in host (dev launch): no native back or settings button. */
  browser: boolean;
}

let env: HostEnv = { platform: 'unknown', browser: true };

export function setHostEnv(next: HostEnv): void {
  env = next;
}

export function hostEnv(): HostEnv {
  return env;
}

export function isMobilePlatform(platform: string): boolean {
  return platform === 'ios' || platform === 'android';
}

/** True when messages can reach a real host: an iframe (Telegram Web) or a native webview bridge. */
export function hasHostTransport(win: Window = window): boolean {
  try {
    if (win.self !== win.top) return true;
  } catch {
    return true;
  }
  const bridge = win as Window & {
    TelegramWebviewProxy?: { postEvent?: unknown };
    external?: { notify?: unknown };
  };
  return typeof bridge.TelegramWebviewProxy?.postEvent === 'function' || typeof bridge.external?.notify === 'function';
}
