/** The bot's languages: Russian for Russian, Ukrainian, Belarusian and Kazakh clients, English for the rest. */
export type BotLanguage = 'ru' | 'en';

/** What the bot says, in the user's language (Telegram's language_code): i18next's resources (i18n/index.ts). */
export const botTexts = {
  welcome: {
    en: '🎰 Welcome to TON Arcade! Flip, roll and cross the road for TON, trade collectible gifts and pick up your daily reward. Tap the button to play.',
    ru: '🎰 Добро пожаловать в TON Arcade! Монетка, кости и дорога на TON, обмен коллекционными подарками и ежедневная награда. Нажмите кнопку, чтобы играть.',
  },
  invited: {
    en: '🤝 A friend invited you: open the app with this button so the invitation counts.',
    ru: '🤝 Вас пригласил друг: откройте приложение этой кнопкой, чтобы приглашение засчиталось.',
  },
  open: { en: '🎮 Play', ru: '🎮 Играть' },
  // A shared win's card (share.ts): the player's own, or someone's from the live feed.
  shareTitle: { en: 'A win of {{amount}} {{unit}}', ru: 'Выигрыш {{amount}} {{unit}}' },
  shareOwn: {
    en: '🎉 I won {{amount}} {{unit}} (×{{multiplier}}) in {{game}} at TON Arcade! Play with my link:',
    ru: '🎉 Мой выигрыш: {{amount}} {{unit}} (×{{multiplier}}) в {{game}} в TON Arcade! Играйте по моей ссылке:',
  },
  shareOther: {
    en: '🎉 {{name}} won {{amount}} {{unit}} (×{{multiplier}}) in {{game}} at TON Arcade! Play with my link:',
    ru: '🎉 {{name}}: выигрыш {{amount}} {{unit}} (×{{multiplier}}) в {{game}} в TON Arcade! Играйте по моей ссылке:',
  },
  shareHidden: { en: 'A player', ru: 'Игрок' },
  shareTon: { en: 'TON', ru: 'TON' },
  shareBonus: { en: 'bonus TON', ru: 'бонусных TON' },
} as const satisfies Record<string, Record<BotLanguage, string>>;
