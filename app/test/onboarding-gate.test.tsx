import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnboardingGate } from '../src/features/onboarding/onboarding-gate';
import { registerPlayTexts } from '../src/i18n/play-texts';
import { fullProfile, lightProfile, ok, stubServer } from './fixtures';
import { renderSignedIn } from './signed-in';

afterEach(cleanup);

function renderGate(onboardingCompleted: boolean, lang: 'en' | 'ru' = 'en') {
  let completed = onboardingCompleted;
  const server = stubServer({
    '/api/v3/profile/light': () => ok(lightProfile({ onboardingCompleted: completed })),
    '/api/v3/profile/full': () => ok(fullProfile({ onboardingCompleted: completed })),
    '/api/v3/profile/onboarding': () => {
      completed = true;
      return ok(null);
    },
    '/api/v3/play/age-confirm': () =>
      ok({
        limits: [],
        pause: null,
        realityCheckMinutes: null,
        ageConfirmedAt: '2026-11-26T08:00:00.000Z',
        lockedBalance: '0',
        session: { startedAt: '2026-11-26T08:00:00.000Z', wagered: '0', net: '0' },
      }),
  });
  renderSignedIn(
    <OnboardingGate>
      <p>main content</p>
    </OnboardingGate>,
    { fetch: server.fetch, texts: registerPlayTexts, lang },
  );
  return server;
}

describe('onboarding gate', () => {
  it('shows Onboarding until the player says they are 18+ and presses Start playing, then the main content', async () => {
    const server = renderGate(false);
    expect(await screen.findByTestId('onboarding')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome to TON Arcade' })).toBeTruthy();
    expect(screen.queryByText('main content')).toBeNull();
    expect(server.calls).not.toContain('/api/v3/profile/full');

    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
    const complete = screen.getByRole('button', { name: 'Start playing' });
    expect(complete.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    expect(complete.hasAttribute('disabled')).toBe(false);
    fireEvent.click(complete);

    expect(await screen.findByText('main content')).toBeTruthy();
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(server.calls).toEqual([
      '/api/v3/profile/light',
      '/api/v3/play/age-confirm',
      '/api/v3/profile/onboarding',
      '/api/v3/profile/full',
    ]);
  });

  it('names the button in Russian before the profile switches the language', async () => {
    renderGate(false, 'ru');
    expect(await screen.findByRole('button', { name: 'Начать игру' })).toBeTruthy();
  });

  it('shows the main content at once when onboarding is completed and the full profile loads', async () => {
    renderGate(true);
    expect(await screen.findByText('main content')).toBeTruthy();
    expect(screen.queryByTestId('onboarding')).toBeNull();
  });
});
