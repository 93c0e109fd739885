import type { Resources } from './en';

export const ru: Resources = {
  app: {
    name: 'TON Arcade',
  },
  common: {
    retry: 'Повторить',
  },
  splash: {
    started: {
      title: 'Готовим столы…',
      description: 'Тасуем карты и начищаем монеты',
    },
    continued: {
      title: 'Почти готово…',
      description: 'Считаем баланс и разогреваем игры',
    },
    progress: 'Загрузка',
  },
  unsupported: {
    title: 'Откройте приложение в Telegram',
    description: 'TON Arcade — мини-приложение Telegram. Откройте его из бота в Telegram, чтобы войти и играть.',
  },
  loginError: {
    title: 'Не удалось войти',
    description: 'Не получилось подтвердить вашу сессию Telegram. Проверьте соединение и попробуйте ещё раз.',
    serverMessage: 'Сообщение сервера: {{message}}',
  },
  routeError: {
    title: 'Что-то пошло не так!',
    show: 'Показать ошибку',
    hide: 'Скрыть ошибку',
    reload: 'Перезагрузить',
  },
  notFound: {
    title: 'Не найдено',
    description: 'По этому адресу ничего нет.',
    home: 'К бонусам',
  },
  onboarding: {
    title: 'Добро пожаловать в TON Arcade',
    description: 'Играйте во Flip, Roll и Road, выполняйте задания за бонусные TON и собирайте подарки Telegram.',
    complete: 'Начать игру',
    accept: 'Начиная, вы принимаете',
    terms: 'Условия использования',
    and: 'и',
    privacy: 'Политику конфиденциальности',
    loadError: 'Не удалось загрузить профиль.',
  },
  nav: {
    label: 'Основная навигация',
    bonus: 'Бонусы',
    games: 'Игры',
    market: 'Маркет',
    wallet: 'Кошелёк',
    friends: 'Друзья',
    back: 'Назад',
    openProfile: 'Открыть профиль',
  },
  balance: {
    ton: 'Баланс TON',
    bonus: 'Бонусный баланс',
    tonUnit: 'TON',
    bonusUnit: 'бонус',
  },
  screens: {
    bonus: {
      title: 'Бонусы',
      description: 'Задания, ежедневная награда и ваши балансы.',
    },
    referral: {
      title: 'Друзья',
      description: 'Приглашайте друзей по своей ссылке и получайте доход с их игр.',
    },
    achievements: {
      title: 'Достижения',
      description: 'Ваши раунды, ставки и самые крупные выигрыши.',
    },
    profile: {
      title: 'Профиль',
      description: 'Ваш аккаунт, язык и прогресс.',
    },
  },
  bonus: {
    banner: {
      title: 'До {{cap}} TON',
      text: 'Выполняйте задания и получите до {{cap}} TON на бонусный счёт',
    },
    achievementsLink: 'Достижения',
  },
  profile: {
    language: 'Язык',
    languages: {
      ru: 'Русский',
      en: 'English',
    },
    onboarding: 'Знакомство и проверка 18+',
    onboardingDone: 'Пройдено',
    onboardingPending: 'Не пройдено',
    terms: 'Условия использования',
    privacy: 'Политика конфиденциальности',
    achievementsLink: 'Достижения',
    haptics: 'Вибрация',
    hapticsText: 'Толчок при ставке, отклик на выигрыш и проигрыш, щелчки на ползунках и полосах.',
  },
  toast: {
    somethingWentWrong: 'Что-то пошло не так',
    languageSaved: 'Язык сохранён',
  },
};
