import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtmlAttribute } from './app-hosting';
import type { RouteDeps } from './deps';
import { serverTexts } from '../i18n';
import type { LegalChrome, LegalDoc, LegalLang, LegalPage } from './legal-texts';

const PAGES: Record<LegalPage, string> = { terms: '/terms', privacy: '/privacy' };
const LANGS: LegalLang[] = ['en', 'ru'];
const LANG_NAMES: Record<LegalLang, string> = { en: 'English', ru: 'Русский' };

/** Escapes text for HTML element content and attributes alike. */
const escape = escapeHtmlAttribute;

/**
 * The page's language: `?lang=` when it names one, else the browser's first choice between
 * Russian and English (Accept-Language in its order), else English.
 */
export function legalLang(request: Pick<FastifyRequest, 'query' | 'headers'>): LegalLang {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'ru' || asked === 'en') return asked;
  const header = request.headers['accept-language'];
  const ranked = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined) ?? '1');
      return { base: tag.split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if (entry.base === 'ru' || entry.base === 'en') return entry.base;
  }
  return 'en';
}

/** `https://t.me/<bot>/<app>` -> the bot's name and chat link; null for another kind of link. */
export function botOf(miniAppUrl: string): { name: string; url: string } | null {
  const match = /^https:\/\/t\.me\/([A-Za-z0-9_]{3,64})(?:\/|$)/.exec(miniAppUrl);
  return match?.[1] ? { name: `@${match[1]}`, url: `https://t.me/${match[1]}` } : null;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--text:#17212b;--hint:#5f6b77;--link:#2481cc;--line:#dfe3e8}
@media (prefers-color-scheme:dark){:root{--bg:#17212b;--text:#f5f5f5;--hint:#8b9aa8;--link:#6ab3f3;--line:#2b3947}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}
.legal{max-width:42rem;margin:0 auto;padding:16px max(16px,env(safe-area-inset-right)) 40px max(16px,env(safe-area-inset-left))}
.legal__bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;padding-bottom:12px;border-bottom:1px solid var(--line)}
.legal__brand{font-weight:700}
.legal__langs{display:flex;gap:12px;margin:0;padding:0;list-style:none}
a{color:var(--link)}
a[aria-current]{color:var(--text);font-weight:600;text-decoration:none}
h1{font-size:1.6rem;line-height:1.25;margin:20px 0 8px}
h2{font-size:1.1rem;line-height:1.3;margin:24px 0 6px}
p{margin:0 0 10px}
.legal__intro{color:var(--hint)}
.legal__foot{display:flex;flex-wrap:wrap;gap:8px 20px;margin-top:32px;padding-top:12px;border-top:1px solid var(--line)}
`;

export function renderLegalPage(page: LegalPage, lang: LegalLang, miniAppUrl: string): string {
  const t = serverTexts(lang);
  const doc = t(`legal.${page}`, { returnObjects: true }) as LegalDoc;
  const chrome = t('legal.chrome', { returnObjects: true }) as LegalChrome;
  const bot = botOf(miniAppUrl);
  const botLink = bot ? `<a href="${escape(bot.url)}">${escape(bot.name)}</a>` : escape('Telegram');
  const paragraph = (text: string) => `<p>${escape(text).replace('{bot}', botLink)}</p>`;
  const langLinks = LANGS.map((other) => {
    const current = other === lang ? ' aria-current="page"' : '';
    return `<li><a href="${PAGES[page]}?lang=${other}" lang="${other}" hreflang="${other}"${current}>${LANG_NAMES[other]}</a></li>`;
  }).join('');
  const otherPage: LegalPage = page === 'terms' ? 'privacy' : 'terms';
  const sections = doc.sections
    .map((section) => `<section><h2>${escape(section.heading)}</h2>${section.paragraphs.map(paragraph).join('')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escape(doc.title)} · TON Arcade</title>
<link rel="icon" href="/icon-192.png">
${LANGS.map((other) => `<link rel="alternate" hreflang="${other}" href="${PAGES[page]}?lang=${other}">`).join('\n')}
<style>${STYLE}</style>
</head>
<body>
<div class="legal">
<header class="legal__bar"><span class="legal__brand">TON Arcade</span><nav aria-label="${escape(chrome.languages)}"><ul class="legal__langs">${langLinks}</ul></nav></header>
<main>
<h1>${escape(doc.title)}</h1>
<p class="legal__intro">${escape(doc.intro)}</p>
${sections}
</main>
<footer class="legal__foot"><a href="${PAGES[otherPage]}?lang=${lang}">${escape(chrome[otherPage])}</a><a href="${escape(miniAppUrl)}">${escape(chrome.openApp)}</a></footer>
</div>
</body>
</html>
`;
}

/**
 * The terms of use and privacy policy the TON Connect manifest names: plain pages rendered
 * here, so they open from a wallet's link in any browser, with no launch and no script.
 */
export function registerLegalRoutes(app: FastifyInstance, { config }: RouteDeps): void {
  for (const page of Object.keys(PAGES) as LegalPage[]) {
    app.get(PAGES[page], (request, reply) => {
      const lang = legalLang(request);
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('vary', 'accept-language')
        .header('content-language', lang)
        .type('text/html; charset=utf-8')
        .send(renderLegalPage(page, lang, config.miniAppUrl));
    });
  }
}
