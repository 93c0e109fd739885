import { appConfig } from '../lib/config';
import { startHost, type HostStart } from './start-host';

let started: Promise<HostStart> | null = null;

/**
 * The host's start, once per page. The entry (main.tsx) starts it as soon as this code is here
 * (a small chunk of its own, asked for with the first screen's and here before it), so the SDK is set up
 * and the host parts mounted while the rest of start-up's code downloads; start-up
 * (app/start-app.ts) then takes the same start instead of doing it after its own code arrives.
 */
export function hostStart(): Promise<HostStart> {
  started ??= startHost(appConfig().appKey);
  return started;
}
