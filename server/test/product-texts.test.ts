import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fromNano } from '@arcade/api-client/money';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productConfig } from '../src/domain/product-config';

/**
 * A product number lives in the configuration only: a text that quotes one (a cap, a fee, a
 * limit, a delay) takes it from there, so changing the configuration changes every text with it.
 * This scans the texts for numbers the configuration holds and fails on one written out.
 */

const ROOT = join(import.meta.dirname, '..', '..');

/** Every number of the product configuration, in each unit a text could write it in. */
function configuredNumbers(): Map<number, string> {
  const found = new Map<number, string>();
  const add = (value: number, path: string) => {
    if (!found.has(value)) found.set(value, path);
  };
  const walk = (value: unknown, path: string[]): void => {
    if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
      for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
      return;
    }
    if (typeof value !== 'bigint' && typeof value !== 'number') return;
    const where = path.join('.');
    const n = Number(value);
    if (path.some((key) => key.endsWith('Nano')) || path.includes('wagered')) return add(Number(fromNano(BigInt(value))), where);
    // Ten-thousandths: of a multiplier, or of a share written as a percent.
    if (path.includes('bestWin') || path.includes('bigWinMultiplier')) return add(n / 10_000, where);
    if (['shareOfEdge', 'sellerFee', 'houseEdge'].some((key) => path.includes(key))) return add(n / 100, where);
    const unit = path.at(-2)?.endsWith('Hours') ? 'Hours' : (path.at(-1)?.match(/(Seconds|Hours|Days)$/)?.[1] ?? '');
    const seconds = { Seconds: 1, Hours: 3600, Days: 86_400, '': 0 }[unit]!;
    add(n, where);
    if (seconds) for (const per of [60, 3600, 86_400]) if (per > seconds && (n * seconds) % per === 0) add((n * seconds) / per, where);
  };
  walk(productConfig, []);
  return found;
}

/** Each string literal of a TypeScript file (template parts without their `${}`), with its line. */
function literals(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const keyOrImport = (ts.isPropertyAssignment(node.parent) && node.parent.name === node) || ts.isImportDeclaration(node.parent);
      if (!keyOrImport) out.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(ROOT, dir, name));
}

const NUMBER = /(?<![\w.,-])\d+(?:[.,]\d+)?(?![\w]|[.,]\d)/g;
/** A number a text gives as an amount, a share or a length of time. */
const QUANTITY = /(?<![\w.,-])(\d+(?:[.,]\d+)?)\s?(?:TON|%|hours?|days?|minutes?|seconds?|час\w*|дн\w*|день|минут\w*|секунд\w*)(?![\w])/g;

/**
 * Numbers in the app's texts that are not product numbers, though they equal one: each has its
 * reason. The key is the file and the number; a new text with a configured number fails.
 */
const NOT_PRODUCT_NUMBERS: Record<string, string> = {
  'bonus-en.ts 1': 'the daily streak starts at day 1',
  'bonus-ru.ts 1': 'the daily streak starts at day 1',
  'games-en.ts 1': 'counting starts at 1 (rounds, the client seed length)',
  'games-ru.ts 1': 'counting starts at 1 (rounds, the client seed length)',
  'games-en.ts 2': 'the double button (×2) and the roll target’s 2 decimals',
  'games-ru.ts 2': 'the double button (×2) and the roll target’s 2 decimals',
  'games-en.ts 0.5': 'an example of a typed stake',
  'games-ru.ts 0.5': 'an example of a typed stake',
  'market-en.ts 1': '“1 in N” of a rarity',
  'market-ru.ts 1': '“1 in N” of a rarity',
  'play-en.ts 5': 'an example of a typed limit',
  'play-ru.ts 5': 'an example of a typed limit',
};

describe('product numbers in texts', () => {
  const configured = configuredNumbers();
  const value = (token: string) => Number(token.replace(',', '.'));

  it('knows the configuration’s numbers in the units texts use', () => {
    expect(configured.get(70)).toBe('bonus.lifetimeCapNano');
    expect(configured.get(0.05)).toBe('wallet.withdrawalFeeNano');
    expect(configured.get(24)).toBeDefined();
    expect(configured.get(30)).toBeDefined();
    expect(configured.get(20)).toBe('referral.shareOfEdge');
  });

  it('are not written in the app’s texts: the texts take them from the configuration', () => {
    const written: string[] = [];
    const unused = new Set(Object.keys(NOT_PRODUCT_NUMBERS));
    for (const file of sourceFiles('app/src/i18n/resources')) {
      const name = relative(join(ROOT, 'app/src/i18n/resources'), file);
      for (const { line, text } of literals(file)) {
        for (const [token] of text.matchAll(NUMBER)) {
          const from = configured.get(value(token));
          if (from === undefined) continue;
          const key = `${name} ${value(token)}`;
          unused.delete(key);
          if (!(key in NOT_PRODUCT_NUMBERS)) written.push(`${name}:${line} writes ${token} (${from}): "${text}"`);
        }
      }
    }
    expect(written).toEqual([]);
    // An exception no text needs any more goes too.
    expect([...unused]).toEqual([]);
  });

  it('are not written as amounts, shares or lengths in the server’s or the contract’s code, nor the app’s texts', () => {
    const written: string[] = [];
    for (const file of [...sourceFiles('server/src'), ...sourceFiles('api-client/src'), ...sourceFiles('app/src/i18n')]) {
      for (const { line, text } of literals(file)) {
        for (const [, token] of text.matchAll(QUANTITY)) {
          const from = configured.get(value(token!));
          if (from !== undefined) written.push(`${relative(ROOT, file)}:${line} writes ${token} (${from}): "${text}"`);
        }
      }
    }
    expect(written).toEqual([]);
  });

  it('catch a configured number written into a text', () => {
    const text = 'You have received all the bonus there is: 70 TON';
    expect([...text.matchAll(QUANTITY)].map(([, token]) => configured.get(value(token!)))).toEqual(['bonus.lifetimeCapNano']);
    expect([...'Комиссия 0,05 TON'.matchAll(QUANTITY)].map(([, token]) => configured.get(value(token!)))).toEqual([
      'wallet.withdrawalFeeNano',
    ]);
  });
});
