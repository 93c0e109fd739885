import { earlyCalls } from './app/early-calls';
import EarlyCallsWorker from './app/early-worker?worker&inline';
import { installChunkReload } from './lib/chunk-reload';

// The entry chunk is only this: it starts the launch's first API calls (log in, profiles, the
// first screen's data) the moment the page has it, while the start-up code itself (React, the
// router, the host SDK, the API client, the first screen) is still on its way. index.html asks
// for that code at once (modulepreload, vite.config.ts), so nothing here waits to request it.
earlyCalls.start(() => new EarlyCallsWorker({ name: 'early-calls' }));
installChunkReload();

// Setting up arktype (the API client's validation) is start-up's largest piece of work: it runs
// as soon as its own chunk is here, while the rest is still downloading, and builds the schemas
// of the early calls' answers then too.
import('@arcade/api-client/client')
  .then(({ prepareCalls }) => prepareCalls(['auth', 'profileLight', 'profileFull', 'bonusState']))
  .catch(() => undefined);

import('./app/boot')
  .then(({ boot }) => boot())
  .catch((error: unknown) => console.error('[start] the start-up code did not load', error));
