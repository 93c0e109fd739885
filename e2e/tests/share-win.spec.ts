import { BASE_URL } from '../support/env';
import { expect, test, anySize, type Page } from '../support/test';
import { apiPlayer } from '../support/api';
import { openApp } from '../support/host';
import { liveWins } from '../support/live';

interface Round {
  id: string;
  status: string;
  payout: string;
}

interface Prepared {
  id: string;
  userId: number;
  result: {
    input_message_content: { message_text: string };
    reply_markup: { inline_keyboard: Array<Array<{ text: string; url: string }>> };
  };
}

/** What the app asked the messenger to send: shareMessage's prepared message ids. */
const sentPrepared = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __hostMessages: Array<{ type: string; params: unknown }> }).__hostMessages
      .filter((message) => message.type === 'web_app_send_prepared_message')
      .map((message) => message.params as { id: string }),
  );

test(
  'a win in live wins is shared through the messenger: the bot prepared the card in the player’s words, with their invite link',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const name = `Nora${1000 + Math.floor(Math.random() * 9000)}`;
    const { user, server } = await apiPlayer(request, { name, lang: 'en', ton: '3' });
    // Flips until one wins (a fair coin: 200 losses in a row is 2^-200).
    let win: Round | null = null;
    for (let n = 0; n < 200 && !win; n++) {
      const { round } = await server.call<{ round: Round }>('games/flip', {
        stake: '0.1',
        currency: 'ton',
        side: 'heads',
        idempotencyKey: `e2e-share-${user.id}-${n}`,
      });
      if (round.status === 'won') win = round;
    }
    expect(win, 'a winning flip').not.toBeNull();
    const { link } = await server.call<{ link: string }>('referral/info');

    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 60_000 });
    const section = await liveWins(page);
    const row = section.locator(`[data-testid="live-round"][data-round-id="${win!.id}"]`);
    const share = row.getByTestId('share-win');
    await expect(share).toHaveAccessibleName(`Share the win of ${name}`);
    await share.click();

    // The messenger was asked to send the message the bot prepared for this player, and did.
    await expect.poll(() => sentPrepared(page)).toHaveLength(1);
    await expect(share).toHaveAttribute('aria-busy', 'false');
    const id = (await sentPrepared(page))[0]!.id;
    const prepared = (await (await request.get(`${BASE_URL}/fake-bot-api/control/prepared`)).json()) as { result: Prepared[] };
    const card = prepared.result.find((message) => message.id === id);
    expect(card?.userId).toBe(user.id);
    expect(card?.result.input_message_content.message_text).toBe('🎉 I won 0.198 TON (×1.98) in Flip at TON Arcade! Play with my link:');
    expect(card?.result.reply_markup.inline_keyboard).toEqual([[{ text: '🎮 Play', url: link }]]);
  },
);
