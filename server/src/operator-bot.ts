import type { Api } from 'grammy';
import { BotApiError, telegramApi } from './adapters/telegram/bot-api';
import { setMenuButton, setWebhook, WEBHOOK_UPDATES } from './adapters/telegram/bot';
import type { Config } from './config';

/**
 * The operator's commands that talk to Telegram (not to the database): they read the server's
 * configuration, of which production requires only what botCommandNeeds names (BOT_API_URL too
 * when set).
 */
export const botCommands = {
  'bot:webhook': 'point Telegram at PUBLIC_URL/telegram/webhook with BOT_WEBHOOK_SECRET',
  'bot:menu': "set the bot's menu button to open the mini app (PUBLIC_URL)",
} as const;

/** What each bot command needs of the configuration: production asks for these and no more (no seed, no chain key). */
export const botCommandNeeds = {
  'bot:webhook': ['BOT_TOKEN', 'PUBLIC_URL', 'BOT_WEBHOOK_SECRET'],
  'bot:menu': ['BOT_TOKEN', 'PUBLIC_URL'],
} as const satisfies Record<keyof typeof botCommands, readonly string[]>;

export const isBotCommand = (command: string | undefined): command is keyof typeof botCommands =>
  command !== undefined && Object.hasOwn(botCommands, command);

/** Runs bot:webhook or bot:menu; returns the exit code (2 when Telegram refuses). Never prints the secret. */
export async function runBotOperator(
  config: Config,
  argv: string[],
  out: (line: string) => void,
  api: Api = telegramApi({ token: config.botToken, baseUrl: config.botApiUrl }),
): Promise<number> {
  const [command, ...extra] = argv;
  if (!isBotCommand(command)) throw new Error(`not a bot command: ${String(command)}`);
  if (extra.length > 0) {
    out(`refused: ${command} takes no arguments`);
    return 2;
  }
  try {
    if (command === 'bot:webhook') {
      const url = await setWebhook(api, config);
      out(`webhook set: Telegram posts ${WEBHOOK_UPDATES.join(' and ')} updates to ${url}, with the BOT_WEBHOOK_SECRET header`);
    } else {
      const url = await setMenuButton(api, config);
      out(`menu button set: it opens ${url} for every user`);
    }
    return 0;
  } catch (error) {
    if (error instanceof BotApiError) {
      out(`refused: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
