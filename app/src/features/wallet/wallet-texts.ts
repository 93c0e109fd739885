import type { i18n as I18n } from 'i18next';
import { addTexts, i18n } from '../../i18n/i18n';
import { walletEn } from '../../i18n/resources/wallet-en';
import { walletRu } from '../../i18n/resources/wallet-ru';

/** Gives an i18next instance the wallet screens' texts (they are not in the entry chunk). */
export function registerWalletTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { wallet: walletEn }, ru: { wallet: walletRu } });
}

// Every wallet module imports this one: the texts are there before anything renders.
registerWalletTexts();
