import { themeParams, useSignal } from '@tma.js/sdk-react';
import { THEME, TonConnectUIProvider, useTonConnectUI } from '@tonconnect/ui-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppLanguage } from '../i18n/i18n';
import { appConfig } from './config';

// This module is only reached through dynamic imports (the wallet widget's chunk), so TON
// Connect UI loads only when a screen shows the wallet widget, never on the first screen.
// TON Connect UI is a singleton: every provider below shares one instance, created (and the
// saved connection restored) by the first widget mounted.

type ReturnUrl = `${string}://${string}`;

function isReturnUrl(value: string): value is ReturnUrl {
  return /^[a-z][a-z0-9+.-]*:\/\/.+/i.test(value);
}

/**
 * The modal's theme from the host's: light on a light background, dark on a dark one (the
 * host's background colour decides, as the SDK's isDark says). Without a host theme (a plain
 * browser) it stays dark, like the app's own colours.
 */
export function useHostTonTheme(): THEME {
  const background = useSignal(themeParams.bgColor);
  const dark = useSignal(themeParams.isDark);
  if (!background) return THEME.DARK;
  return dark ? THEME.DARK : THEME.LIGHT;
}

function ProviderWithOptions({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = useHostTonTheme();
  const { manifestUrl, miniAppUrl } = appConfig();
  return (
    <TonConnectUIProvider
      manifestUrl={manifestUrl}
      language={toAppLanguage(i18n.language)}
      uiPreferences={{ theme, borderRadius: 'm' }}
      actionsConfiguration={isReturnUrl(miniAppUrl) ? { twaReturnUrl: miniAppUrl } : {}}
    >
      {children}
    </TonConnectUIProvider>
  );
}

function LanguageSync() {
  const [, setOptions] = useTonConnectUI();
  const { i18n } = useTranslation();
  const language = toAppLanguage(i18n.language);
  useEffect(() => {
    setOptions({ language });
  }, [setOptions, language]);
  return null;
}

/** The instance is made once: a theme change of the host afterwards reaches it here. */
function ThemeSync() {
  const [, setOptions] = useTonConnectUI();
  const theme = useHostTonTheme();
  useEffect(() => {
    setOptions({ uiPreferences: { theme, borderRadius: 'm' } });
  }, [setOptions, theme]);
  return null;
}

/** Wraps the parts of a screen that use the wallet connection; the modal follows the app's language and the host's theme. */
export function TonConnectScope({ children }: { children: ReactNode }) {
  return (
    <ProviderWithOptions>
      <LanguageSync />
      <ThemeSync />
      {children}
    </ProviderWithOptions>
  );
}

export {
  TonConnectUIError,
  UserRejectsError,
  useIsConnectionRestored,
  useTonAddress,
  useTonConnectUI,
  useTonWallet,
  WalletNotSupportFeatureError,
  WalletWrongNetworkError,
} from '@tonconnect/ui-react';
export type { TonConnectUI, Wallet } from '@tonconnect/ui-react';
