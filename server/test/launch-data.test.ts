import { sign, signData, validate } from '@tma.js/init-data-node';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/domain/errors';
import { launchDataMessages, signLaunchData, validateLaunchData } from '../src/domain/launch-data';
import { referralCodeFromStartParam, newReferralCode } from '../src/domain/users';

const TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const now = new Date('2026-03-01T12:00:00Z');
const seconds = (s: number) => new Date(now.getTime() + s * 1000);

function refusal(run: () => unknown): { kind: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('launch data validator', () => {
  it('accepts launch data signed by an independent implementation, with spaces and non-Latin names', () => {
    const raw = sign(
      {
        user: {
          id: 4503599627370495,
          first_name: 'Анна Мария',
          last_name: 'O’Neil + 🎲',
          username: 'anna',
          is_premium: true,
          allows_write_to_pm: true,
        },
        start_param: 'r_abc123',
        chat_type: 'private',
        chat_instance: '-3788475317572404878',
        query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
      },
      TOKEN,
      now,
    );
    const launch = validateLaunchData(raw, TOKEN, { now });
    expect(launch.user).toMatchObject({ id: 4503599627370495, first_name: 'Анна Мария', last_name: 'O’Neil + 🎲', is_premium: true });
    expect(launch.startParam).toBe('r_abc123');
    expect(launch.authDate).toEqual(now);
  });

  it('its development signer produces data the independent validator accepts', () => {
    const raw = signLaunchData(
      { user: { id: 1000001, first_name: 'Dev Player' }, startParam: 'r_x', chatType: 'sender', chatInstance: '1' },
      TOKEN,
      now,
    );
    expect(() => validate(raw, TOKEN, { expiresIn: 0 })).not.toThrow();
    expect(validateLaunchData(raw, TOKEN, { now }).startParam).toBe('r_x');
  });

  it('checks the signature over the exact fields, including an empty signature field', () => {
    const raw = sign({ user: { id: 1, first_name: 'A' } }, TOKEN, now);
    expect(raw).toContain('signature=');
    expect(validateLaunchData(raw, TOKEN, { now }).user.id).toBe(1);
    expect(refusal(() => validateLaunchData(raw.replace('signature=', 'signature=x'), TOKEN, { now })).message).toBe(
      launchDataMessages.badSignature,
    );
    expect(refusal(() => validateLaunchData(`${raw}&extra=1`, TOKEN, { now })).message).toBe(launchDataMessages.badSignature);
    expect(refusal(() => validateLaunchData(raw, `${TOKEN}x`, { now })).message).toBe(launchDataMessages.badSignature);
  });

  it('draws the age line at 6 hours and the future line at 60 seconds', () => {
    const at = (authDate: Date) => sign({ user: { id: 1, first_name: 'A' } }, TOKEN, authDate);
    expect(() => validateLaunchData(at(seconds(-6 * 3600)), TOKEN, { now })).not.toThrow();
    expect(refusal(() => validateLaunchData(at(seconds(-6 * 3600 - 1)), TOKEN, { now }))).toEqual({
      kind: 'unauthenticated',
      message: launchDataMessages.expired,
    });
    expect(() => validateLaunchData(at(seconds(60)), TOKEN, { now })).not.toThrow();
    expect(refusal(() => validateLaunchData(at(seconds(61)), TOKEN, { now }))).toEqual({
      kind: 'unauthenticated',
      message: launchDataMessages.fromTheFuture,
    });
  });

  it('names each refusal', () => {
    const cases: [string, { kind: string; message: string }][] = [
      ['no pairs at all', { kind: 'invalid', message: launchDataMessages.malformed }],
      ['=value&hash=1', { kind: 'invalid', message: launchDataMessages.malformed }],
      ['user=%ZZ&hash=1', { kind: 'invalid', message: launchDataMessages.malformed }],
      ['hash=1&hash=2', { kind: 'invalid', message: launchDataMessages.malformed }],
      ['auth_date=1&user=%7B%7D', { kind: 'unauthenticated', message: launchDataMessages.missingHash }],
      ['auth_date=1&hash=', { kind: 'unauthenticated', message: launchDataMessages.missingHash }],
      [`auth_date=1&hash=${'0'.repeat(64)}`, { kind: 'unauthenticated', message: launchDataMessages.badSignature }],
      [sign({ chat_type: 'sender' }, TOKEN, now), { kind: 'unauthenticated', message: launchDataMessages.noUser }],
      [sign({ user: { id: -5, first_name: 'A' } }, TOKEN, now), { kind: 'invalid', message: launchDataMessages.badUser }],
    ];
    for (const [raw, expected] of cases) {
      expect(
        refusal(() => validateLaunchData(raw, TOKEN, { now })),
        raw,
      ).toEqual(expected);
    }
  });

  it('refuses validly signed data whose user is not JSON', () => {
    const fields = { auth_date: String(now.getTime() / 1000), user: '{not-json' };
    const checkString = Object.entries(fields)
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('\n');
    const raw = new URLSearchParams({ ...fields, hash: signData(checkString, TOKEN) }).toString();
    expect(refusal(() => validateLaunchData(raw, TOKEN, { now }))).toEqual({ kind: 'invalid', message: launchDataMessages.badUser });
  });
});

describe('referral codes', () => {
  it('are 8 URL-safe characters, different each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newReferralCode()));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{8}$/);
  });

  it('are read from r_<code> start parameters only', () => {
    expect(referralCodeFromStartParam('r_abc23xyz')).toBe('abc23xyz');
    expect(referralCodeFromStartParam('abc23xyz')).toBeNull();
    expect(referralCodeFromStartParam('r_')).toBeNull();
    expect(referralCodeFromStartParam('r_ABC')).toBeNull();
    expect(referralCodeFromStartParam(null)).toBeNull();
  });
});
