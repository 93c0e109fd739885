import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { preloadCalls } from '@arcade/api-client/client';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealityCheck } from '../src/features/play/reality-check';
import { registerPlayTexts } from '../src/i18n/play-texts';
import { ok, stubServer } from './fixtures';
import { renderSignedIn } from './signed-in';

const MIN = 60_000;
const START = Date.parse('2026-11-26T08:00:00.000Z');

beforeEach(async () => {
  // The play calls' code loads on first use: here before the clock stops.
  await preloadCalls();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START + 14 * MIN);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCheck(minutes: number | null) {
  let net = '-0.5';
  const server = stubServer({
    '/api/v3/play/state': () =>
      ok({
        limits: [],
        pause: null,
        realityCheckMinutes: minutes,
        ageConfirmedAt: '2026-11-26T07:00:00.000Z',
        lockedBalance: '0',
        session: { startedAt: new Date(START).toISOString(), wagered: '3', net },
      }),
  });
  renderSignedIn(
    <Routes>
      <Route path="/flip" element={<RealityCheck />} />
      <Route path="/bonus" element={<p>bonus screen</p>} />
    </Routes>,
    { fetch: server.fetch, texts: registerPlayTexts, path: '/flip' },
  );
  return { server, setNet: (value: string) => (net = value) };
}

/** Lets the fake clock run and the replies of the stub server arrive. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the reality check', () => {
  it('shows time played and the session’s result at each interval, with the numbers as they are then', async () => {
    const { setNet } = renderCheck(15);
    await pass(10);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    setNet('1.25');
    await pass(MIN);
    expect(screen.getByTestId('reality-check')).toBeTruthy();
    expect(screen.getByTestId('reality-played').textContent).toBe('You have been playing for 15 minutes.');
    expect(screen.getByTestId('reality-net').textContent).toBe('+1.25 TON');

    fireEvent.click(screen.getByTestId('reality-continue'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await pass(14 * MIN);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await pass(MIN);
    expect(screen.getByTestId('reality-played').textContent).toBe('You have been playing for 30 minutes.');
  });

  it('takes the player out of the games when they stop', async () => {
    renderCheck(15);
    await pass(10);
    await pass(2 * MIN);
    fireEvent.click(screen.getByTestId('reality-stop'));
    await pass(10);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    expect(screen.getByText('bonus screen')).toBeTruthy();
  });

  it('never shows with the reminder off', async () => {
    renderCheck(null);
    await pass(3 * 60 * MIN);
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});
