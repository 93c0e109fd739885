import { randomBytes } from 'node:crypto';

/**
 * A player's deposit memo: the text comment that tells us whose deposit a transfer to the shared
 * hot wallet is. Seven random characters and one check character, from 31 letters and digits
 * without look-alikes (no 0/O, 1/I/L). The check is a weighted sum modulo 31 (a prime), so any
 * single wrong character and any swap of two characters is detected.
 */

export const MEMO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BASE = MEMO_ALPHABET.length; // 31
export const MEMO_BODY_LENGTH = 7;
export const MEMO_LENGTH = MEMO_BODY_LENGTH + 1;
/** 8 * 4 = 32 = 1 (mod 31). */
const inverseOf8 = 4;

function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * MEMO_ALPHABET.indexOf(body.charAt(i));
  // Weight 8 for the check character itself: the whole memo then sums to 0 modulo 31.
  const check = (BASE - (((sum % BASE) * inverseOf8) % BASE)) % BASE;
  return MEMO_ALPHABET.charAt(check);
}

/** A fresh random memo; store it under a UNIQUE constraint and draw again on a clash. */
export function newDepositMemo(random: (size: number) => Buffer = randomBytes): string {
  let body = '';
  while (body.length < MEMO_BODY_LENGTH) {
    for (const byte of random(MEMO_BODY_LENGTH)) {
      // 248 = 8 * 31: rejecting bytes above keeps every character equally likely.
      if (byte < 248 && body.length < MEMO_BODY_LENGTH) body += MEMO_ALPHABET.charAt(byte % BASE);
    }
  }
  return body + checkCharacter(body);
}

export type ParsedMemo = { ok: true; memo: string } | { ok: false; reason: 'empty' | 'malformed' | 'checksum' };

/**
 * Reads a memo from a transfer comment: ignores surrounding spaces and case. `malformed` is text
 * of the wrong length or with characters memos never contain; `checksum` is a memo with a typo.
 */
export function parseMemo(comment: string | null | undefined): ParsedMemo {
  const text = (comment ?? '').trim().toUpperCase();
  if (text === '') return { ok: false, reason: 'empty' };
  if (text.length !== MEMO_LENGTH || [...text].some((char) => !MEMO_ALPHABET.includes(char))) return { ok: false, reason: 'malformed' };
  if (checkCharacter(text.slice(0, MEMO_BODY_LENGTH)) !== text.charAt(MEMO_BODY_LENGTH)) return { ok: false, reason: 'checksum' };
  return { ok: true, memo: text };
}

export function isDepositMemo(text: string): boolean {
  const parsed = parseMemo(text);
  return parsed.ok && parsed.memo === text;
}
