import { emitEvent, mockTelegramEnv, themeParams, type LaunchParams } from '@tma.js/sdk-react';

/**
 * Telegram for macOS does not answer web_app_request_theme and sends a wrong event for
 * web_app_request_safe_area (research-tma §1, §5). We answer both ourselves.
 */
export function installMacosShim(launchTheme: LaunchParams['tgWebAppThemeParams']): void {
  let firstThemeSent = false;
  mockTelegramEnv({
    onEvent(event, next) {
      if (event.name === 'web_app_request_theme') {
        // The template's `tp ||= …` never assigned (an empty object is truthy): take the launch theme first.
        const tp = firstThemeSent ? themeParams.state() : launchTheme;
        firstThemeSent = true;
        emitEvent('theme_changed', { theme_params: tp });
        return;
      }
      if (event.name === 'web_app_request_safe_area') {
        emitEvent('safe_area_changed', { left: 0, top: 0, right: 0, bottom: 0 });
        return;
      }
      next();
    },
  });
}
