import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addBonusTexts, createI18n } from './i18n-helper';

const host = vi.hoisted(() => ({ copied: [] as string[], copyWorks: true }));

vi.mock('../src/telegram/share', () => ({
  copyToClipboard: (text: string) => {
    host.copied.push(text);
    return Promise.resolve(host.copyWorks);
  },
  shareUrl: () => 'done',
  openTelegramUrl: () => 'done',
}));

const { CopyLinkButton, LINK_COPIED_MS, useCopiedFlag } = await import('../src/features/referral/copy-link-button');

const LINK = 'https://t.me/ton_arcade_bot/play?startapp=r_abcd1234';

function Harness() {
  const [copied, markCopied] = useCopiedFlag();
  return <CopyLinkButton link={LINK} copied={copied} onCopied={markCopied} />;
}

function renderButton() {
  const i18n = createI18n('en');
  addBonusTexts(i18n);
  return render(
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>,
  );
}

/** Lets the copy promise settle inside act. */
async function press() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('referral-copy'));
    await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  host.copied = [];
  host.copyWorks = true;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('copying the invite link', () => {
  it("says 'Link Copied' for 1.5 s, then offers to copy again", async () => {
    expect(LINK_COPIED_MS).toBe(1500);
    renderButton();
    expect(screen.getByTestId('referral-copy').textContent).toBe('Copy link');

    await press();
    expect(host.copied).toEqual([LINK]);
    expect(screen.getByTestId('referral-copy').textContent).toBe('Link Copied');

    act(() => void vi.advanceTimersByTime(1499));
    expect(screen.getByTestId('referral-copy').textContent).toBe('Link Copied');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('referral-copy').textContent).toBe('Copy link');
  });

  it('a second copy while it shows starts the 1.5 s again', async () => {
    renderButton();
    await press();
    act(() => void vi.advanceTimersByTime(1000));
    await press();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('referral-copy').textContent).toBe('Link Copied');
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.getByTestId('referral-copy').textContent).toBe('Copy link');
    expect(host.copied).toHaveLength(2);
  });

  it('a failed copy does not claim the link was copied', async () => {
    host.copyWorks = false;
    renderButton();
    await press();
    expect(screen.getByTestId('referral-copy').textContent).toBe('Copy link');
  });
});
