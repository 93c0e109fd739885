import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldOfferHomeScreen } from '../src/features/profile/home-screen-offer';

const sdk = vi.hoisted(() => ({
  available: true,
  answer: (): Promise<string> => Promise.resolve('missed'),
  calls: 0,
}));

vi.mock('@tma.js/sdk-react', () => {
  const checkHomeScreenStatus = Object.assign(
    () => {
      sdk.calls += 1;
      return sdk.answer();
    },
    { isAvailable: () => sdk.available },
  );
  const addToHomeScreen = Object.assign(() => undefined, {
    isAvailable: () => sdk.available,
    ifAvailable: () => (sdk.available ? { ok: true, data: undefined } : { ok: false }),
  });
  return { checkHomeScreenStatus, addToHomeScreen, on: () => () => undefined };
});

const { checkHomeScreen, toHomeScreenStatus } = await import('../src/telegram/home-screen');
const { setHostEnv } = await import('../src/telegram/host-env');

beforeEach(() => {
  setHostEnv({ platform: 'ios', browser: false });
  sdk.available = true;
  sdk.answer = () => Promise.resolve('missed');
  sdk.calls = 0;
});

describe("the profile's 'Add to home screen' offer", () => {
  it('is made when the host says missed or unknown', () => {
    expect(shouldOfferHomeScreen('missed', true)).toBe(true);
    expect(shouldOfferHomeScreen('unknown', true)).toBe(true);
  });

  it('is not made when the app is added, the host has no home screens, or the answer is not in yet', () => {
    expect(shouldOfferHomeScreen('added', true)).toBe(false);
    expect(shouldOfferHomeScreen('unsupported', true)).toBe(false);
    expect(shouldOfferHomeScreen(null, true)).toBe(false);
  });

  it('is not made when the host cannot show its prompt', () => {
    expect(shouldOfferHomeScreen('missed', false)).toBe(false);
    expect(shouldOfferHomeScreen('unknown', false)).toBe(false);
  });
});

describe('the home screen check', () => {
  it("passes the host's answer on", async () => {
    await expect(checkHomeScreen()).resolves.toBe('missed');
    sdk.answer = () => Promise.resolve('added');
    await expect(checkHomeScreen()).resolves.toBe('added');
  });

  it("falls back to 'unknown' when the check fails or the answer is strange", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sdk.answer = () => Promise.reject(new Error('Check home screen status request is currently in progress'));
    await expect(checkHomeScreen()).resolves.toBe('unknown');
    expect(toHomeScreenStatus('something-new')).toBe('unknown');
    expect(toHomeScreenStatus(undefined)).toBe('unknown');
  });

  it("says 'unsupported' when the host is too old to be asked", async () => {
    sdk.available = false;
    await expect(checkHomeScreen()).resolves.toBe('unsupported');
    expect(sdk.calls).toBe(0);
  });

  it("says 'unsupported' in a plain browser, whose stand-in host never answers", async () => {
    setHostEnv({ platform: 'web', browser: true });
    await expect(checkHomeScreen()).resolves.toBe('unsupported');
    expect(sdk.calls).toBe(0);
  });

  it('asks the host once when two screens ask at the same time', async () => {
    const both = await Promise.all([checkHomeScreen(), checkHomeScreen()]);
    expect(both).toEqual(['missed', 'missed']);
    expect(sdk.calls).toBe(1);
  });
});
