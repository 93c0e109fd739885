import 'i18next';
import type { en } from './resources/en';
import type { walletEn } from './resources/wallet-en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The wallet texts arrive with the wallet screens' code (addTexts), but are typed like the rest.
    resources: { translation: typeof en & { wallet: typeof walletEn } };
  }
}
