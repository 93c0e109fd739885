import type { LiveTexts } from './live-en';

/** Russian texts of the live wins feed, the weekly leaderboard and the profile's name switch (see live-en.ts). */
export const liveRu: LiveTexts = {
  title: 'Выигрыши в эфире',
  tabs: {
    live: 'Эфир',
    week: 'Топ недели',
  },
  feed: {
    hidden: 'Скрыто',
    noName: 'Игрок',
    big: 'Крупный выигрыш',
    lost: 'Не повезло',
    bonus: 'бонус',
    empty: 'Раундов пока нет. Сыграйте — и он появится здесь.',
    connecting: 'Подключаемся к эфиру…',
    reconnecting: 'Переподключаемся…',
    bigRule: 'Крупный выигрыш: от {{multiplier}}× или {{payout}} TON.',
    row: '{{name}} · {{game}} · {{multiplier}}× · {{payout}} TON',
    rowLost: '{{name}} · {{game}} · без выигрыша',
    share: 'Поделиться выигрышем: {{name}}',
  },
  games: {
    flip: 'Flip',
    roll: 'Roll',
    road: 'Road',
  },
  board: {
    wagered: 'Больше всех поставили',
    best: 'Лучший множитель',
    resets: 'Обнулится в понедельник в 00:00 UTC, через {{time}}',
    days: '{{days}} д {{hours}} ч',
    hours: '{{hours}} ч {{minutes}} мин',
    minutes: '{{minutes}} мин',
    empty: 'На этой неделе ещё никто не играл.',
    you: 'Вы',
    loadError: 'Не удалось загрузить таблицу лидеров.',
  },
  privacy: {
    title: 'Моё имя в эфире',
    text: 'Ваше имя видно рядом с вашими раундами в эфире выигрышей и в топе недели. Выключите, чтобы показываться как «Скрыто».',
    shown: 'Ваше имя видно в эфире выигрышей',
    hidden: 'В эфире вы показаны как «Скрыто»',
    failed: 'Не удалось сохранить выбор, попробуйте ещё раз',
    tooMany: 'Слишком много изменений: попробуйте через минуту',
  },
};
