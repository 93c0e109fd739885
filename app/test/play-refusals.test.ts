import { playRefusals } from '@arcade/api-client';
import { ApiError } from '@arcade/api-client/errors';
import { describe, expect, it } from 'vitest';
import { explainBetError } from '../src/features/games/bet-errors';
import type { GamesT } from '../src/features/games/games-texts';
import { playRefusalKey, registerPlayTexts } from '../src/i18n/play-texts';
import { createI18n } from './i18n-helper';

const gt: GamesT = (key) => key;
const refused = (code: string, message: string) => new ApiError('failure', message, 403, 'gamesFlip', undefined, code);

describe('responsible play refusals', () => {
  it('have a text in both languages for every code of the contract', () => {
    for (const lng of ['en', 'ru'] as const) {
      const i18n = createI18n(lng);
      registerPlayTexts(i18n);
      for (const code of playRefusals) {
        const key = playRefusalKey(code);
        expect(key, code).not.toBeNull();
        expect(i18n.exists(key ?? ''), `${lng} ${code}`).toBe(true);
      }
    }
  });

  it('send a refused bet’s player to the responsible play screen, keeping the server’s words for an unknown code', () => {
    expect(explainBetError(refused('play.limit.loss', 'This stake goes beyond your loss limit: 0.2 TON left'), gt)).toEqual({
      code: 'play.limit.loss',
      text: 'This stake goes beyond your loss limit: 0.2 TON left',
      action: 'play',
      retry: false,
    });
    expect(explainBetError(refused('play.something-new', 'New rule'), gt).action).toBe('play');
    expect(playRefusalKey('play.something-new')).toBeNull();
    expect(explainBetError(refused('game.balance', 'No money'), gt).action).toBe('deposit');
  });
});
