import type { FastifyInstance } from 'fastify';
import { historyOf } from '../domain/wallet/history';
import { depositTransfer, testDeposit, walletInfo } from '../domain/wallet/wallet-calls';
import { linkWallet, newProofPayload } from '../domain/wallet/wallet-link';
import { recentWithdrawals, requestWithdrawal, withdrawalOf } from '../domain/wallet/withdrawals';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

export function registerWalletRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, sessions, ton, now } = deps;

  playerCall(app, sessions, 'walletInfo', ({ userId }) => walletInfo(db, ton, userId, now()));
  playerCall(app, sessions, 'walletDeposit', ({ userId, body }) => depositTransfer(db, ton, userId, body.amount, now()));

  playerCall(app, sessions, 'walletTestDeposit', async ({ userId, body, money }) => {
    const reply = await testDeposit(db, ton, userId, body.amount, money, now());
    deps.kickWorkers?.();
    return reply;
  });

  playerCall(app, sessions, 'walletWithdraw', async ({ userId, body, money }) => {
    const reply = await requestWithdrawal(db, ton, { userId, address: body.address, amount: body.amount, money, now: now() });
    deps.kickWorkers?.();
    return reply;
  });

  playerCall(app, sessions, 'walletWithdrawal', ({ userId, body }) => withdrawalOf(db, userId, BigInt(body.id)));
  playerCall(app, sessions, 'walletWithdrawals', ({ userId }) => recentWithdrawals(db, userId));

  playerCall(app, sessions, 'walletProofPayload', ({ userId }) => newProofPayload(db, userId, now()));

  // The proof's domain must be the host the app is served from (the manifest's URL).
  const domains = [new URL(deps.config.publicUrl).host];
  playerCall(app, sessions, 'walletLink', ({ userId, body }) =>
    linkWallet(db, userId, body, { network: ton.network, domains, now: now() }),
  );

  playerCall(app, sessions, 'walletHistory', ({ userId, body }) =>
    historyOf(db, userId, body.cursor === undefined ? null : BigInt(body.cursor), body.limit ?? 20),
  );
}
