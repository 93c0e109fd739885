import type { EntryLogin } from './app/start';
import { canonicalPath } from './app/route-paths';
import { installChunkReload } from './lib/chunk-reload';

// The entry chunk, the page's first and smallest code. It logs in at once, with the launch data
// in the address, while start-up's code is still on its way; start-up (app/start.tsx) checks and
// takes that reply. The code comes in stages, one chunk behind another (vite.config.ts).
const entryLogin = sendLogin();
installChunkReload();

import('./app/start')
  .then(({ start }) => start({ entryLogin }))
  .catch((error: unknown) => console.error('[start] the start-up code did not load', error));

// The API client's chunk arrives first (index.html asks for it): its schemas are built while the
// splash's chunk downloads, and the host's and the first screen's chunks are asked for behind it.
import('@arcade/api-client/client')
  .then(({ prepareCalls }) => {
    import('./telegram/start-host').catch(() => undefined);
    import('./app/app-ready').catch(() => undefined);
    setTimeout(() => prepareCalls(['auth', 'profileLight', 'profileFull', 'bonusState']), 0);
  })
  .catch(() => undefined);

/** POST /api/v3/auth as the API client sends it (a unit test checks), or null without launch data. */
function sendLogin(): EntryLogin | null {
  const initData = new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
  const appKey = appKeyInPage();
  if (!initData || !appKey) return null;
  const reply = fetch('/api/v3/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Key': appKey },
    body: JSON.stringify({ initData }),
  });
  // English texts do not ship with start-up (i18n/i18n.ts): asked for as soon as the reply says so.
  reply
    .then((response) => response.clone().json())
    .then((body: { data?: { profile?: { lang?: unknown } } }) => {
      if (body.data?.profile?.lang !== 'en') return;
      import('./i18n/resources/en').catch(() => undefined);
      const path = canonicalPath(location.pathname);
      if (path === '/' || path === '/bonus') import('./i18n/resources/bonus-en').catch(() => undefined);
    })
    .catch(() => undefined);
  return { initData, reply };
}

/** The app key of the page's config tag, read without arktype (lib/config.ts checks the whole tag). */
function appKeyInPage(): string | null {
  try {
    const tag = document.querySelector('meta[name="arcade:config"]')?.getAttribute('content') ?? '';
    const key: unknown = tag.trim() ? (JSON.parse(tag) as { appKey?: unknown }).appKey : null;
    return typeof key === 'string' && key !== '' ? key : null;
  } catch {
    return null;
  }
}
