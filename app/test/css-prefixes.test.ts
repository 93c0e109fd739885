// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The build minifies CSS with lightningcss (Vite's), which treats `-webkit-backdrop-filter`
 * and `backdrop-filter` as one property: written unprefixed-then-prefixed, only the prefixed
 * one survives, and Chromium (Android, Desktop) reads only the unprefixed one, so the header
 * turned see-through there. Every style file must keep both after minifying.
 */
const require = createRequire(import.meta.url);
/** The part of lightningcss (a dependency of vite, not of the app) this check uses. */
interface LightningCss {
  transform(options: { filename: string; code: Uint8Array; minify: boolean; targets: Record<string, number> }): { code: Uint8Array };
}
const lightningcss = createRequire(require.resolve('vite'))('lightningcss') as LightningCss;

const SRC = join(import.meta.dirname, '..', 'src');
// The browsers the messenger runs in: Safari still wants the prefix, Chromium the standard name.
const targets = { chrome: 111 << 16, safari: (16 << 16) | (4 << 8), firefox: 115 << 16 };

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('built styles keep backdrop-filter for every browser', () => {
  const files = cssFiles(SRC).filter((file) => readFileSync(file, 'utf8').includes('backdrop-filter'));

  it('finds the styles that blur (the header among them)', () => {
    expect(files.some((file) => file.endsWith('top-bar.css'))).toBe(true);
  });

  it.each(files.map((file) => [file.slice(SRC.length + 1), file]))('%s keeps both properties after minifying', (_name, file) => {
    const { code } = lightningcss.transform({ filename: file, code: Buffer.from(readFileSync(file, 'utf8')), minify: true, targets });
    const css = new TextDecoder().decode(code);
    const rules = css.match(/[^{}]*\{[^{}]*backdrop-filter[^{}]*\}/g) ?? [];
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      // The blur itself (not the @supports fallback's condition).
      if (!/(^|[;{])backdrop-filter:/.test(rule) && !rule.includes('-webkit-backdrop-filter:')) continue;
      expect(rule, rule).toMatch(/(^|[;{])backdrop-filter:/);
      expect(rule, rule).toMatch(/-webkit-backdrop-filter:/);
    }
  });
});
