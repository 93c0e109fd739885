import { parseTon, type ParsedTon, type ParseTonOptions } from '@arcade/api-client/money';
import { decimalMark } from './format';

/**
 * Numbers the player types (a stake, an amount, a roll target): read in either decimal mark
 * ("0.5" and "0,5"), with or without group separators, and shown back in the interface
 * language's form. What is sent to the server is always the canonical decimal ("1234.5").
 */

export type NumberInputProblem = 'empty' | 'invalid';

export type ReadNumber = { ok: true; text: string } | { ok: false; problem: NumberInputProblem };

/** Spaces of any width (typed, or Intl's no-break group separators). */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;

/** "1,234,567" with "," as the separator: groups of three after a first group of one to three digits. */
function groupedDigits(text: string, separator: string): string | null {
  const groups = text.split(separator);
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || rest.some((group) => !/^\d{3}$/.test(group))) return null;
  return groups.join('');
}

/**
 * Reads a typed number into canonical decimal text ("1 234,50" -> "1234.50"). One kind of
 * mark appearing once is the decimal mark ("0,5", "0.5"); a kind appearing more than once
 * separates groups of three ("1,234,567"); with both, the last one is the decimal mark
 * ("1,234.5", "1.234,5"). No sign, no exponent, nothing else.
 */
export function readNumberInput(input: string): ReadNumber {
  const text = input.replace(SPACES, '');
  if (text === '') return { ok: false, problem: 'empty' };
  if (!/^[\d.,]+$/.test(text)) return { ok: false, problem: 'invalid' };
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let whole: string | null;
  let fraction = '';
  let decimal: string | null = null;
  if (dots > 0 && commas > 0) decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
  else if (dots === 1) decimal = '.';
  else if (commas === 1) decimal = ',';
  if (decimal !== null) {
    const at = text.lastIndexOf(decimal);
    if (text.indexOf(decimal) !== at) return { ok: false, problem: 'invalid' };
    fraction = text.slice(at + 1);
    if (/[.,]/.test(fraction)) return { ok: false, problem: 'invalid' };
    const head = text.slice(0, at);
    const separator = decimal === '.' ? ',' : '.';
    whole = head.includes(separator) ? groupedDigits(head, separator) : head;
  } else {
    const separator = dots > 0 ? '.' : ',';
    whole = dots + commas > 0 ? groupedDigits(text, separator) : text;
  }
  if (whole === null || (whole === '' && fraction === '')) return { ok: false, problem: 'invalid' };
  const canonicalWhole = BigInt(whole === '' ? '0' : whole).toString();
  return { ok: true, text: fraction ? `${canonicalWhole}.${fraction}` : canonicalWhole };
}

/**
 * A typed TON amount in nanotons (a stake, a deposit, a withdrawal, a limit): the player's decimal
 * mark and groups are read here, the amount by the one parser (@arcade/api-client/money parseTon):
 * at most 9 decimals, more than zero.
 */
export function readTonInput(input: string, options: ParseTonOptions = {}): ParsedTon {
  const read = readNumberInput(input);
  return read.ok ? parseTon(read.text, options) : read;
}

/**
 * A canonical decimal ("0.05", the API's form) as an input field shows it in `locale`
 * ("0,05" in Russian): every digit kept, no group separators (the player edits it).
 */
export function numberInputText(canonical: string, locale: string): string {
  return canonical.replace('.', decimalMark(locale));
}

/**
 * What the player is typing, its one decimal mark shown as `locale` writes it ("0.5" -> "0,5"
 * in Russian). Same length, so the caret stays put; grouped or unreadable text stays as typed.
 */
export function localiseTyping(text: string, locale: string): string {
  if (!/^[^.,]*[.,][^.,]*$/.test(text)) return text;
  return text.replace(/[.,]/, decimalMark(locale));
}

/**
 * For a number field's change event: the typed text with the locale's decimal mark, written
 * back into the field at once with the caret where it was.
 */
export function typedNumber(field: HTMLInputElement, locale: string): string {
  const shown = localiseTyping(field.value, locale);
  if (shown !== field.value) {
    const { selectionStart, selectionEnd } = field;
    field.value = shown;
    if (selectionStart !== null && selectionEnd !== null) field.setSelectionRange(selectionStart, selectionEnd);
  }
  return shown;
}
