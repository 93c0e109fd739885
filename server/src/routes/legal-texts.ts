/**
 * The terms of use and the privacy policy, in Russian and English: the pages the TON Connect
 * manifest names (termsOfUseUrl, privacyPolicyUrl), which wallets open in a plain browser.
 * `{bot}` in a paragraph becomes a link to the bot.
 */

export type LegalLang = 'ru' | 'en';
export type LegalPage = 'terms' | 'privacy';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDoc {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export interface LegalChrome {
  /** The other page's name, as a link. */
  terms: string;
  privacy: string;
  openApp: string;
  languages: string;
}

export const legalChrome: Record<LegalLang, LegalChrome> = {
  en: { terms: 'Terms of use', privacy: 'Privacy policy', openApp: 'Open TON Arcade', languages: 'Language' },
  ru: { terms: 'Условия использования', privacy: 'Политика конфиденциальности', openApp: 'Открыть TON Arcade', languages: 'Язык' },
};

const termsEn: LegalDoc = {
  title: 'Terms of use',
  intro:
    'TON Arcade is a Telegram Mini App with games of chance, a TON balance, a bonus balance and a market of Telegram gifts. By using it you accept these terms.',
  sections: [
    {
      heading: 'Who may play',
      paragraphs: [
        'You must be at least 18 years old. Play only where games of chance for money are legal for you: checking your local law is your responsibility.',
        'One account per person: your account is your Telegram account.',
      ],
    },
    {
      heading: 'Games and fairness',
      paragraphs: [
        'Outcomes are random and you can lose your stake. No strategy guarantees a win, and past rounds do not predict the next one.',
        'Every outcome is provably fair: it is derived from a server seed, whose hash you see before you bet, your client seed and the bet’s number. On the Fairness screen you can change your client seed, reveal the server seed by rotating it and check any round yourself.',
      ],
    },
    {
      heading: 'Deposits and withdrawals',
      paragraphs: [
        'Deposits are in TON and are credited once the blockchain confirms the transfer. Send only TON, on the network and to the address the app shows.',
        'Withdrawals are sent to the address you enter. Blockchain transfers cannot be reversed, so check the address. The fees and limits shown in the app apply. We may hold a withdrawal while we look into a suspected error, fraud or abuse.',
      ],
    },
    {
      heading: 'Bonus balance',
      paragraphs: [
        'Tasks, daily rewards and referrals credit the bonus balance. Bonus funds can be played but become withdrawable only after the wagering the app shows. Bonuses obtained through several accounts or other abuse are cancelled.',
      ],
    },
    {
      heading: 'Gift market',
      paragraphs: [
        'Gifts in the market are Telegram gifts sold for TON at the price shown. A bought gift is transferred to your Telegram account; delivery depends on Telegram.',
      ],
    },
    {
      heading: 'Play responsibly',
      paragraphs: [
        'Play only with money you can afford to lose, and take breaks. If playing stops being fun, stop, and seek help if you need it.',
      ],
    },
    {
      heading: 'Errors, changes and liability',
      paragraphs: [
        'If a technical fault credits or charges a balance wrongly, we may correct it. We may change the service and these terms; the version on this page applies.',
        'The service is provided as it is. As far as the law allows, we are not liable for losses caused by wallets, the TON network or Telegram being unavailable.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Write to us through the bot: {bot}.'],
    },
  ],
};

const termsRu: LegalDoc = {
  title: 'Условия использования',
  intro:
    'TON Arcade — мини-приложение Telegram с играми на удачу, балансом в TON, бонусным балансом и маркетом подарков Telegram. Пользуясь им, вы принимаете эти условия.',
  sections: [
    {
      heading: 'Кто может играть',
      paragraphs: [
        'Вам должно быть не меньше 18 лет. Играйте, только если игры на удачу на деньги разрешены там, где вы находитесь: проверить местный закон — ваша обязанность.',
        'Один аккаунт на человека: ваш аккаунт — это ваш аккаунт Telegram.',
      ],
    },
    {
      heading: 'Игры и честность',
      paragraphs: [
        'Исход случаен, и ставку можно проиграть. Ни одна стратегия не гарантирует выигрыш, а прошлые раунды не предсказывают следующий.',
        'Каждый исход доказуемо честен: он выводится из серверного сида, хеш которого виден до ставки, вашего клиентского сида и номера ставки. На экране «Честность» можно сменить клиентский сид, раскрыть серверный сид, сменив пару, и проверить любой раунд самостоятельно.',
      ],
    },
    {
      heading: 'Пополнения и выводы',
      paragraphs: [
        'Пополнения принимаются в TON и зачисляются, когда блокчейн подтвердит перевод. Отправляйте только TON, в той сети и на тот адрес, что показывает приложение.',
        'Выводы отправляются на адрес, который вы укажете. Переводы в блокчейне нельзя отменить — проверяйте адрес. Действуют комиссии и лимиты, показанные в приложении. Мы можем задержать вывод, пока разбираемся с возможной ошибкой, мошенничеством или злоупотреблением.',
      ],
    },
    {
      heading: 'Бонусный баланс',
      paragraphs: [
        'Задания, ежедневные награды и рефералы пополняют бонусный баланс. Бонусами можно играть, а вывести их можно только после отыгрыша, показанного в приложении. Бонусы, полученные через несколько аккаунтов или иным злоупотреблением, аннулируются.',
      ],
    },
    {
      heading: 'Маркет подарков',
      paragraphs: [
        'В маркете продаются подарки Telegram за TON по указанной цене. Купленный подарок передаётся на ваш аккаунт Telegram; доставка зависит от Telegram.',
      ],
    },
    {
      heading: 'Играйте ответственно',
      paragraphs: [
        'Играйте только на деньги, которые готовы потерять, и делайте перерывы. Если игра перестала радовать — остановитесь и при необходимости обратитесь за помощью.',
      ],
    },
    {
      heading: 'Ошибки, изменения и ответственность',
      paragraphs: [
        'Если из-за технического сбоя баланс зачислен или списан неверно, мы можем его исправить. Мы можем менять сервис и эти условия; действует версия на этой странице.',
        'Сервис предоставляется как есть. В пределах, допустимых законом, мы не отвечаем за потери из-за недоступности кошельков, сети TON или Telegram.',
      ],
    },
    {
      heading: 'Связь',
      paragraphs: ['Пишите нам через бота: {bot}.'],
    },
  ],
};

const privacyEn: LegalDoc = {
  title: 'Privacy policy',
  intro: 'This policy says what TON Arcade keeps about you, why, and who else sees it. We keep only what running the app needs.',
  sections: [
    {
      heading: 'What we keep',
      paragraphs: [
        'From Telegram, when you open the app: your Telegram id, first and last name, username, profile photo URL and language.',
        'The TON wallet address you connect or withdraw to.',
        'Your game and money history: bets, seeds and outcomes, deposits, withdrawals, bonus credits, tasks, referrals, purchases and balances.',
        'Server logs record technical details of requests, such as the IP address, for security and fault finding, and are kept for a limited time.',
        'We do not ask for your phone number, e-mail or contacts. The app keeps its session and settings in your device’s storage; there are no advertising or third-party trackers.',
      ],
    },
    {
      heading: 'Why',
      paragraphs: [
        'To run your account and balances, credit deposits and send withdrawals, let you verify every round, deliver gifts, prevent fraud and abuse, and meet legal duties.',
      ],
    },
    {
      heading: 'Who else sees it',
      paragraphs: [
        'We do not sell or rent your data and do not build advertising profiles.',
        'Telegram carries the app and the bot’s messages. The TON blockchain is public: the addresses and amounts of deposits and withdrawals can be seen by anyone. Our hosting providers store the data on our behalf. We disclose data to authorities only when the law requires it.',
      ],
    },
    {
      heading: 'How long',
      paragraphs: ['While your account is in use, and money records as long as the law requires us to keep them.'],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can ask for a copy of your data, a correction or deletion through the bot. Records of money movements may have to be kept where the law requires it.',
        'The app is not for anyone under 18.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: ['Changes to this policy appear on this page. Questions: write to the bot {bot}.'],
    },
  ],
};

const privacyRu: LegalDoc = {
  title: 'Политика конфиденциальности',
  intro: 'Здесь сказано, что TON Arcade хранит о вас, зачем и кто ещё это видит. Мы храним только то, что нужно для работы приложения.',
  sections: [
    {
      heading: 'Что мы храним',
      paragraphs: [
        'Из Telegram, когда вы открываете приложение: ваш id в Telegram, имя и фамилию, имя пользователя, ссылку на фото профиля и язык.',
        'Адрес кошелька TON, который вы подключаете или на который выводите.',
        'Историю игр и денег: ставки, сиды и исходы, пополнения, выводы, начисления бонусов, задания, рефералов, покупки и балансы.',
        'Журналы сервера записывают технические данные запросов, например IP-адрес, для безопасности и поиска сбоев и хранятся ограниченное время.',
        'Мы не просим номер телефона, почту или контакты. Приложение хранит сессию и настройки в памяти вашего устройства; рекламных и сторонних трекеров нет.',
      ],
    },
    {
      heading: 'Зачем',
      paragraphs: [
        'Чтобы вести ваш аккаунт и балансы, зачислять пополнения и отправлять выводы, давать проверить каждый раунд, доставлять подарки, предотвращать мошенничество и злоупотребления и выполнять требования закона.',
      ],
    },
    {
      heading: 'Кто ещё это видит',
      paragraphs: [
        'Мы не продаём и не сдаём ваши данные и не строим рекламных профилей.',
        'Telegram доставляет приложение и сообщения бота. Блокчейн TON публичен: адреса и суммы пополнений и выводов видны всем. Хостинг-провайдеры хранят данные по нашему поручению. Властям мы раскрываем данные, только когда этого требует закон.',
      ],
    },
    {
      heading: 'Как долго',
      paragraphs: ['Пока вы пользуетесь аккаунтом, а записи о деньгах — столько, сколько требует закон.'],
    },
    {
      heading: 'Ваш выбор',
      paragraphs: [
        'Через бота можно запросить копию своих данных, их исправление или удаление. Записи о движении денег могут храниться, если этого требует закон.',
        'Приложение не предназначено для лиц младше 18 лет.',
      ],
    },
    {
      heading: 'Изменения и связь',
      paragraphs: ['Изменения политики появляются на этой странице. Вопросы — пишите боту {bot}.'],
    },
  ],
};

export const legalDocs: Record<LegalPage, Record<LegalLang, LegalDoc>> = {
  terms: { en: termsEn, ru: termsRu },
  privacy: { en: privacyEn, ru: privacyRu },
};
