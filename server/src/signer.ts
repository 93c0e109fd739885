import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/db';
import { signingKeys, type Ton } from './adapters/chain/open-chain';
import type { BotApi } from './adapters/telegram/bot-api';
import type { GiftRelayer } from './adapters/telegram/gift-relayer';
import { startWorkers, type Workers } from './workers';

/** The signer does none of the book's work: nothing here talks to Telegram. */
const NO_BOT: BotApi = {
  isChatMember: () => Promise.reject(new Error('the withdrawal signer talks to no bot')),
  sendMessage: () => Promise.reject(new Error('the withdrawal signer talks to no bot')),
  savePreparedInlineMessage: () => Promise.reject(new Error('the withdrawal signer talks to no bot')),
};
const NO_RELAYER: GiftRelayer = {
  transferGift: () => Promise.reject(new Error('the withdrawal signer moves no gifts')),
  receivedGifts: () => Promise.reject(new Error('the withdrawal signer moves no gifts')),
};

/**
 * `operator withdrawals:sign`: the withdrawal sender alone, in a process that serves no HTTP and
 * holds the seed, beside public replicas started with WITHDRAWAL_SIGNER=off (which watch the chain
 * and serve players without it). It signs each queued withdrawal, broadcasts it until the chain
 * shows it, under the sender's advisory lock (one signer at a time), until SIGTERM or SIGINT.
 */
export function startSigner(args: { db: Db; ton: Ton; directUrl: string | null; log: FastifyBaseLogger; intervalMs?: number }): Workers {
  signingKeys(args.ton.hotWallet);
  return startWorkers({ ...args, bot: NO_BOT, relayer: NO_RELAYER, book: false, sender: true });
}

/** Runs the signer until the process is told to stop; resolves to the exit code. */
export async function runSigner(args: { db: Db; ton: Ton; directUrl: string | null; log: FastifyBaseLogger }): Promise<number> {
  const signer = startSigner(args);
  args.log.info({ hotWallet: args.ton.hotWallet.friendly }, 'withdrawal signer running');
  const signal = await new Promise<string>((resolve) => {
    for (const name of ['SIGTERM', 'SIGINT'] as const) process.once(name, () => resolve(name));
  });
  args.log.info({ signal }, 'withdrawal signer stopping');
  await signer.stop();
  return 0;
}
