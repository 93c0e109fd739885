import { earlyCalls } from './app/early-calls';
import EarlyCallsWorker from './app/early-worker?worker&inline';
import { installChunkReload } from './lib/chunk-reload';

// The entry chunk is only this: it starts the launch's first API calls (log in, profiles, the
// first screen's data) the moment the page has it, while the start-up code itself is still on
// its way: index.html asks for the splash's code and the API client's at once (modulepreload,
// vite.config.ts), the splash's code asks for the rest (app/boot.tsx).
earlyCalls.start(() => new EarlyCallsWorker({ name: 'early-calls' }));
installChunkReload();

import('./app/boot')
  .then(({ boot }) => boot())
  .catch((error: unknown) => console.error('[start] the start-up code did not load', error));
