import i18next, { type TFunction } from 'i18next';
import { botTexts, type BotLanguage } from '../adapters/telegram/bot-texts';
import { legalChrome, legalDocs } from '../routes/legal-texts';

/**
 * The texts the server itself shows people (the bot's messages, the terms and privacy pages), in
 * Russian and English, through i18next like the app's: one instance, loaded at start from the
 * resources beside the code that uses them.
 */
const LANGUAGES = ['ru', 'en'] as const satisfies readonly BotLanguage[];

const resourcesOf = (lng: BotLanguage) => ({
  translation: {
    bot: { welcome: botTexts.welcome[lng], invited: botTexts.invited[lng], open: botTexts.open[lng] },
    legal: { chrome: legalChrome[lng], terms: legalDocs.terms[lng], privacy: legalDocs.privacy[lng] },
  },
});

const texts = i18next.createInstance();
void texts.init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, resourcesOf(lng)])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Synchronous: the resources are here, nothing to load.
  initAsync: false,
  // The pages escape what they print themselves; a message to Telegram is plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The server's texts in one language. */
export function serverTexts(lng: BotLanguage): TFunction {
  return texts.getFixedT(lng);
}
