import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerGamesTexts } from '../src/features/games/games-texts';
import { fail, ok, stubServer } from './fixtures';
import { renderSignedIn } from './signed-in';

const host = vi.hoisted(() => ({
  copied: [] as string[],
  shared: [] as string[],
  outcome: 'unavailable',
  toasts: [] as Array<{ kind: string; text: string }>,
}));

vi.mock('../src/telegram/share', () => ({
  copyToClipboard: (text: string) => {
    host.copied.push(text);
    return Promise.resolve(true);
  },
  sharePreparedMessage: (id: string) => {
    host.shared.push(id);
    return Promise.resolve(host.outcome);
  },
}));

vi.mock('../src/lib/toast', () => ({
  toast: {
    success: (text: string) => host.toasts.push({ kind: 'success', text }),
    error: (text: string) => host.toasts.push({ kind: 'error', text }),
  },
}));

const { ShareWinButton } = await import('../src/features/games/share-win-button');

const CARD = {
  preparedMessageId: 'UFM7x9Qk2bAAAAAAJrZq1w',
  text: '🎉 I won 2.47 TON (×2.47) in Roll at TON Arcade! Play with my link:',
  link: 'https://t.me/ton_arcade_bot/play?startapp=r_abcd1234',
};

function renderButton(reply: () => { status?: number; body: unknown }, lang: 'en' | 'ru' = 'en') {
  const asked: unknown[] = [];
  const server = stubServer({
    '/api/v3/share/win': (body) => {
      asked.push(body);
      return reply();
    },
  });
  renderSignedIn(<ShareWinButton roundId="41" />, { fetch: server.fetch, texts: registerGamesTexts, lang });
  return asked;
}

/** Presses the button and waits for the whole share to end (the button is no longer busy). */
async function press() {
  const button = screen.getByTestId('share-win');
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
}

beforeEach(() => {
  host.copied = [];
  host.shared = [];
  host.toasts = [];
  host.outcome = 'unavailable';
});
afterEach(cleanup);

describe('sharing a win', () => {
  it("in Telegram, opens the messenger's dialog with the message the bot prepared, and copies nothing", async () => {
    host.outcome = 'done';
    const asked = renderButton(() => ok(CARD));
    expect(screen.getByTestId('share-win').textContent).toBe('Share');
    await press();
    expect(asked).toEqual([{ roundId: '41' }]);
    expect(host.shared).toEqual([CARD.preparedMessageId]);
    expect(host.copied).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('a dialog the player closed is their choice: no copy, no message', async () => {
    host.outcome = 'failed';
    renderButton(() => ok(CARD));
    await press();
    expect(host.copied).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('outside Telegram, copies the words and the invite link and says so, in the player’s language', async () => {
    renderButton(() => ok(CARD), 'ru');
    expect(screen.getByTestId('share-win').textContent).toBe('Поделиться');
    await press();
    expect(host.copied).toEqual([`${CARD.text}\n${CARD.link}`]);
    expect(host.toasts).toEqual([{ kind: 'success', text: 'Выигрыш и ваша ссылка-приглашение скопированы: вставьте их в любой чат' }]);
  });

  it('when the bot could not prepare a message, the words and the link are copied without asking the messenger', async () => {
    host.outcome = 'done';
    renderButton(() => ok({ ...CARD, preparedMessageId: null }));
    await press();
    expect(host.shared).toEqual([]);
    expect(host.copied).toEqual([`${CARD.text}\n${CARD.link}`]);
  });

  it('a refusal is said in words, and nothing is copied', async () => {
    renderButton(() => fail(409, 'Only a win can be shared'));
    await press();
    expect(host.copied).toEqual([]);
    expect(host.toasts).toEqual([{ kind: 'error', text: 'Could not share this win. Try again.' }]);
  });
});
