import { earlyCalls } from './app/early-calls';
import { canonicalPath } from './app/route-paths';
import EarlyCallsWorker from './app/early-worker?worker&inline';
import { installChunkReload } from './lib/chunk-reload';

// The entry chunk is only this: it starts the launch's first API calls (log in, profiles, the
// first screen's data) the moment the page has it, while the start-up code itself is still on
// its way, one chunk behind another (vite.config.ts): index.html asks for the API client's, the
// entry for the splash's here, and for the first screen's once the API client is set up.
earlyCalls.start(
  () => new EarlyCallsWorker({ name: 'early-calls' }),
  // The login's reply says the profile's language: English texts do not ship with start-up
  // (i18n/i18n.ts), so they are asked for now, beside the profile calls, rather than once
  // start-up's code has arrived and switches the language.
  (lang) => {
    if (lang !== 'en') return;
    import('./i18n/resources/en').catch(() => undefined);
    // The bonus screen's own English part (i18n/bonus-texts.ts), when it is the first.
    const path = canonicalPath(location.pathname);
    if (path === '/' || path === '/bonus') import('./i18n/resources/bonus-en').catch(() => undefined);
  },
);
installChunkReload();

import('./app/boot').then(({ boot }) => boot()).catch((error: unknown) => console.error('[start] the start-up code did not load', error));

// Setting up arktype (the API client's validation) is start-up's largest piece of work: it runs
// the moment its chunk is here, while the splash's larger chunk is still downloading. Then the
// first screen's code is asked for, so it comes right behind the splash's, and the first calls'
// schemas are built in a task of their own (the splash's code goes first if it is here by then).
import('@arcade/api-client/client')
  .then(({ prepareCalls }) => {
    import('./app/start-app').catch(() => undefined);
    setTimeout(() => prepareCalls(['auth', 'profileLight', 'profileFull', 'bonusState']), 0);
    // The host's code (a small chunk of its own, vite.config.ts) comes with the first screen's
    // and starts the host (launch data, SDK, host parts) as soon as it is here, not after the
    // first screen's code has arrived and run (app/start-app.ts takes this same start).
    import('./telegram/early-host').then(({ hostStart }) => hostStart()).catch(() => undefined);
  })
  .catch(() => undefined);
