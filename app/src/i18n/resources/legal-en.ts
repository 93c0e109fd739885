/**
 * The terms of use and the privacy policy (English). Every figure is a `{{value}}` the screen fills
 * in from the server's product configuration (the legalFigures call), in the player's number form:
 * none is written here, so the text cannot drift from what the app does.
 */
export const legalEn = {
  chrome: {
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    languages: 'Language',
    loadError: 'Could not load the figures of the terms.',
    retry: 'Try again',
    openApp: 'Open TON Arcade',
  },
  terms: {
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
          'A stake is from {{minBet}} to {{maxBet}} TON from the TON balance, and at most {{maxBonusBet}} TON from the bonus balance. One round pays at most {{maxPayout}} TON.',
          'The house keeps an edge of {{edgeFlip}}% in Flip, {{edgeRoll}}% in Roll and {{edgeRoad}}% in Road: over many rounds that share of the stakes is not paid back.',
          'Every outcome is provably fair: it is derived from a server seed, whose hash you see before you bet, your client seed and the bet’s number. On the Fairness screen you can change your client seed, reveal the server seed by rotating it and check any round yourself.',
        ],
      },
      {
        heading: 'Deposits and withdrawals',
        paragraphs: [
          'Deposits are in TON and are credited once the blockchain confirms the transfer. A deposit made through the app is from {{minDeposit}} to {{maxDeposit}} TON. Send only TON, on the network and to the address the app shows.',
          'A withdrawal is at least {{minWithdrawal}} TON and costs a fee of {{withdrawalFee}} TON. You can withdraw up to {{dailyLimit}} TON a day (UTC). A withdrawal from {{reviewThreshold}} TON waits for an operator’s approval before it is sent.',
          'Withdrawals are sent to the address you enter. Blockchain transfers cannot be reversed, so check the address. We may hold a withdrawal while we look into a suspected error, fraud or abuse.',
        ],
      },
      {
        heading: 'Bonus balance',
        paragraphs: [
          'Tasks, daily rewards and achievements credit the bonus balance, up to {{bonusCap}} TON in all for each player. Each bonus credit adds {{wageringFactor}} times its amount to the wagering requirement: bonus funds can be played, and become withdrawable only once that wagering is done. Bonuses obtained through several accounts or other abuse are cancelled.',
        ],
      },
      {
        heading: 'Referrals',
        paragraphs: [
          'When someone you invited plays with TON, you earn {{referralShare}}% of the house edge of their settled bets. Referral earnings are paid in TON, to your TON balance, when you claim them, from {{referralMinClaim}} TON.',
        ],
      },
      {
        heading: 'Gift market',
        paragraphs: [
          'Gifts in the market are Telegram gifts sold for TON at the price shown. A bought gift stays in My gifts in your profile: you can list it for sale there, or send it to your Telegram account for a fee of {{giftSendFee}} TON; delivery then depends on Telegram.',
          'A listing’s price is from {{minPrice}} to {{maxPrice}} TON. When your gift sells, a seller fee of {{sellerFee}}% of the price is kept and the rest goes to your TON balance.',
        ],
      },
      {
        heading: 'Play responsibly',
        paragraphs: [
          'Play only with money you can afford to lose, and take breaks. In Responsible play in your profile you can set limits and take a pause. If playing stops being fun, stop, and seek help if you need it.',
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
        paragraphs: ['Write to us through the app’s bot: {{bot}}.'],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    intro: 'This policy says what TON Arcade keeps about you, why, and who else sees it. We keep only what running the app needs.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'From Telegram, when you open the app: your Telegram id, first and last name, username, profile photo URL and language.',
          'The TON wallet address you connect or withdraw to.',
          'Your game and money history: bets, seeds and outcomes, deposits, withdrawals, bonus credits, tasks, referrals, purchases, gifts and balances.',
          'Server logs record technical details of requests, such as the IP address, for security and fault finding, and are kept for a limited time.',
          'We do not ask for your phone number, e-mail or contacts. The app keeps its session and settings in your device’s storage; there are no advertising or third-party trackers.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To run your account and balances, credit deposits and send withdrawals, let you verify every round, keep and send your gifts, prevent fraud and abuse, and meet legal duties.',
        ],
      },
      {
        heading: 'Who else sees it',
        paragraphs: [
          'We do not sell or rent your data and do not build advertising profiles.',
          'Your name shows in the live wins feed only if you allow it in your profile. Telegram carries the app and the bot’s messages. The TON blockchain is public: the addresses and amounts of deposits and withdrawals can be seen by anyone. Our hosting providers store the data on our behalf. We disclose data to authorities only when the law requires it.',
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
        paragraphs: ['Changes to this policy appear on this page. Questions: write to the app’s bot, {{bot}}.'],
      },
    ],
  },
};
