/** English texts. The shape of this object is the shape every other language must have. */
export const en = {
  app: {
    name: 'TON Arcade',
  },
  common: {
    retry: 'Retry',
  },
  splash: {
    started: {
      title: 'Starting the tables…',
      description: 'Shuffling the cards and polishing the coins',
    },
    continued: {
      title: 'Almost there…',
      description: 'Counting your balance and warming up the games',
    },
    progress: 'Loading',
  },
  unsupported: {
    title: 'Open this app in Telegram',
    description: 'TON Arcade is a Telegram Mini App. Open it from the bot inside Telegram to sign in and play.',
  },
  loginError: {
    title: 'Could not sign you in',
    description: 'We could not confirm your Telegram session. Check your connection and try again.',
    serverMessage: 'Server message: {{message}}',
  },
  routeError: {
    title: 'Something went wrong!',
    show: 'Show Error',
    hide: 'Hide Error',
    reload: 'Reload',
  },
  notFound: {
    title: 'Not Found',
    description: 'There is nothing at this address.',
    home: 'Go to bonuses',
  },
  onboarding: {
    title: 'Welcome to TON Arcade',
    description: 'Play Flip, Roll and Road, complete tasks for bonus TON and collect Telegram gifts.',
    complete: 'Start playing',
    accept: 'By starting you accept the',
    terms: 'Terms of use',
    and: 'and the',
    privacy: 'Privacy policy',
    loadError: 'Could not load your profile.',
  },
  nav: {
    label: 'Main navigation',
    bonus: 'Bonus',
    games: 'Games',
    market: 'Market',
    wallet: 'Wallet',
    friends: 'Friends',
    back: 'Back',
    openProfile: 'Open profile',
  },
  balance: {
    ton: 'TON balance',
    bonus: 'Bonus balance',
    tonUnit: 'TON',
    bonusUnit: 'bonus',
  },
  screens: {
    bonus: {
      title: 'Bonuses',
      description: 'Tasks, the daily reward and your balances.',
    },
    referral: {
      title: 'Friends',
      description: 'Invite friends with your link and earn from their games.',
    },
    achievements: {
      title: 'Achievements',
      description: 'Your rounds, bets and biggest wins.',
    },
    profile: {
      title: 'Profile',
      description: 'Your account, language and progress.',
    },
  },
  bonus: {
    banner: {
      title: 'Up to {{cap}} TON',
      text: 'Complete tasks and get up to {{cap}} TON on your bonus account',
    },
    achievementsLink: 'Achievements',
  },
  profile: {
    language: 'Language',
    languages: {
      ru: 'Русский',
      en: 'English',
    },
    onboarding: 'Welcome and 18+ check',
    onboardingDone: 'Done',
    onboardingPending: 'Not done',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    achievementsLink: 'Achievements',
    haptics: 'Vibration',
    hapticsText: 'A tap when a bet goes out, a buzz for a win or a loss, ticks on sliders and lanes.',
  },
  toast: {
    somethingWentWrong: 'Something went wrong',
    languageSaved: 'Language saved',
  },
};

/** The shape of a Russian text table with every text a string: what its English twin must fill. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Every language provides exactly these keys (checked by the compiler and by a unit test). */
export type Resources = Texts<typeof en>;
