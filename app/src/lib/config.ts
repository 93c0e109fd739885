import { type } from 'arktype';

/** What the server writes into `<meta name="arcade:config">` when it serves index.html. */
export const AppConfig = type({
  appKey: 'string > 0',
  miniAppUrl: 'string',
  manifestUrl: 'string > 0',
  dev: 'boolean',
});
export type AppConfig = typeof AppConfig.infer;

export const CONFIG_META_NAME = 'arcade:config';

/** `vite dev` serves index.html untouched, so the tag is empty there. */
export function devConfig(origin: string): AppConfig {
  return {
    appKey: 'dev-app-key',
    miniAppUrl: '',
    manifestUrl: `${origin}/storage/tonconnect-manifest.json`,
    dev: true,
  };
}

export function readAppConfig(doc: Document = document, origin = location.origin): AppConfig {
  const content = doc.querySelector(`meta[name="${CONFIG_META_NAME}"]`)?.getAttribute('content')?.trim() ?? '';
  if (!content) return devConfig(origin);
  try {
    const parsed = AppConfig(JSON.parse(content));
    if (!(parsed instanceof type.errors)) return parsed;
    console.error(`[config] ${parsed.summary}`);
  } catch (error) {
    console.error('[config] the config tag is not JSON', error);
  }
  return devConfig(origin);
}

let current: AppConfig | null = null;

/** The config of this page, read once. */
export function appConfig(): AppConfig {
  current ??= readAppConfig();
  return current;
}
