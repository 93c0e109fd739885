import i18next, { type TFunction } from 'i18next';
import { botTexts, type BotLanguage } from '../adapters/telegram/bot-texts';

/**
 * The texts the server itself shows people (the bot's messages), in
 * Russian and English, through i18next like the app's: one instance, loaded at start from the
 * resources beside the code that uses them.
 */
const LANGUAGES = ['ru', 'en'] as const satisfies readonly BotLanguage[];

const resourcesOf = (lng: BotLanguage) => ({
  translation: {
    bot: {
      welcome: botTexts.welcome[lng],
      invited: botTexts.invited[lng],
      open: botTexts.open[lng],
      share: {
        title: botTexts.shareTitle[lng],
        own: botTexts.shareOwn[lng],
        other: botTexts.shareOther[lng],
        hidden: botTexts.shareHidden[lng],
        ton: botTexts.shareTon[lng],
        bonus: botTexts.shareBonus[lng],
      },
    },
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
  // A message to Telegram is plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The server's texts in one language. */
export function serverTexts(lng: BotLanguage): TFunction {
  return texts.getFixedT(lng);
}
