import { calls } from '@arcade/api-client/calls';
import { ApiError } from '@arcade/api-client/errors';
import { walletRefusals } from '@arcade/api-client/wallet';
import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { refusalKeys } from '../src/features/wallet/refusals';
import {
  explainLinkFailure,
  isSameAccount,
  linkProblemKey,
  linkRequestOf,
  proofPayloadOf,
  rawAddressOf,
  type ConnectedWalletLike,
} from '../src/features/wallet/wallet-link';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';
import { createI18n } from './i18n-helper';

const RAW = '0:0976f71ef9c80615bc8eb0f37d38c4d40f81871582582276f5e1228f84023e1d';
// The same account in three user-friendly forms (checked with @ton/core).
const FRIENDLY = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';
const FRIENDLY_TESTNET = '0QAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-Hb8a';
const FRIENDLY_BOUNCEABLE = 'EQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HVlV';
const PAYLOAD = 'a1'.repeat(32);
const PUBLIC_KEY = '5c'.repeat(32);
const STATE_INIT = 'te6cckECFgEAAwQAAgE0AQIBFP8A9KQT9LzyyAsDAFEAAAAAKamjF1xcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcQA==';
const SIGNATURE = 'kLU1b3DkTUNpb2pyV1K3x4b3SEjz0hr3nS1EMHv4Cq0ogkH1V/ZkTqXYn7YVZxDdd0+m/9xvWTY1MSyvvxNgAA==';

/** What TON Connect UI hands over after connecting Tonkeeper with a ton_proof request. */
function tonConnectWallet(overrides: Partial<ConnectedWalletLike['account']> = {}, tonProof?: unknown) {
  return {
    device: { platform: 'iphone', appName: 'Tonkeeper', appVersion: '5.0.0', maxProtocolVersion: 2, features: ['SendTransaction'] },
    provider: 'http' as const,
    name: 'Tonkeeper',
    imageUrl: 'https://tonkeeper.com/assets/tonconnect-icon.png',
    account: { address: RAW, chain: '-3', walletStateInit: STATE_INIT, publicKey: PUBLIC_KEY, ...overrides },
    connectItems: {
      tonProof: (tonProof ?? {
        name: 'ton_proof',
        proof: {
          timestamp: 1_767_225_600,
          domain: { lengthBytes: 14, value: 'arcade.example' },
          payload: PAYLOAD,
          signature: SIGNATURE,
        },
      }) as NonNullable<ConnectedWalletLike['connectItems']>['tonProof'],
    },
  };
}

describe('the link request built from a TON Connect wallet', () => {
  it('passes the account and the proof on exactly as the server checks them', () => {
    const check = linkRequestOf(tonConnectWallet());
    expect(check).toEqual({
      ok: true,
      request: {
        address: RAW,
        network: '-3',
        publicKey: PUBLIC_KEY,
        proof: {
          timestamp: 1_767_225_600,
          domain: { lengthBytes: 14, value: 'arcade.example' },
          payload: PAYLOAD,
          signature: SIGNATURE,
          stateInit: STATE_INIT,
        },
      },
    });
    // The contract's own schema accepts it as is (nothing extra, nothing missing).
    const request = check.ok ? check.request : null;
    expect(calls.walletLink.request(request)).not.toBeInstanceOf(type.errors);
    expect(Object.keys(request ?? {}).sort()).toEqual(['address', 'network', 'proof', 'publicKey']);
    expect(Object.keys(request?.proof ?? {}).sort()).toEqual(['domain', 'payload', 'signature', 'stateInit', 'timestamp']);
    expect(linkRequestOf(tonConnectWallet({ chain: '-239' }))).toMatchObject({ ok: true, request: { network: '-239' } });
    expect(proofPayloadOf(tonConnectWallet())).toBe(PAYLOAD);
  });

  it('says why a connection cannot be linked as it is', () => {
    const restored = { ...tonConnectWallet(), connectItems: undefined };
    expect(linkRequestOf(restored)).toEqual({ ok: false, problem: 'no-proof' });
    expect(proofPayloadOf(restored)).toBeNull();
    const declined = tonConnectWallet({}, { name: 'ton_proof', error: { code: 400, message: 'Method not supported' } });
    expect(linkRequestOf(declined)).toEqual({ ok: false, problem: 'proof-error' });
    expect(proofPayloadOf(declined)).toBeNull();
    expect(linkRequestOf(tonConnectWallet({ chain: '-1' }))).toEqual({ ok: false, problem: 'network' });
    expect(linkRequestOf(tonConnectWallet({ publicKey: undefined }))).toEqual({ ok: false, problem: 'no-public-key' });

    const en = createI18n('en');
    registerWalletTexts(en);
    expect(en.t(linkProblemKey('network'))).toBe('The wallet is on another network. Switch it and connect again.');
    expect(en.t(linkProblemKey('proof-error'))).toBe(
      'The wallet did not confirm the link. Reconnect and approve the request in the wallet.',
    );
  });
});

describe('the linked wallet and the connected account', () => {
  it('are compared by workchain and hash, whatever the address flags', () => {
    expect(rawAddressOf(FRIENDLY)).toBe(RAW);
    expect(isSameAccount(FRIENDLY, RAW)).toBe(true);
    expect(isSameAccount(FRIENDLY_TESTNET, RAW)).toBe(true);
    expect(isSameAccount(FRIENDLY_BOUNCEABLE, RAW.toUpperCase())).toBe(true);
    expect(rawAddressOf('Uf-rq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq2ep')).toBe(`-1:${'ab'.repeat(32)}`);
    expect(isSameAccount(FRIENDLY, `0:${'00'.repeat(32)}`)).toBe(false);
    expect(isSameAccount(null, RAW)).toBe(false);
    expect(rawAddressOf('not an address')).toBeNull();
  });
});

describe('link refusals', () => {
  const en = createI18n('en');
  const ru = createI18n('ru');
  registerWalletTexts(en);
  registerWalletTexts(ru);
  const refused = (code: string | null, message = 'Server says no.') =>
    new ApiError('failure', message, 400, '/api/v3/wallet/link', undefined, code);

  it('every link.* code of the contract is shown translated, without a retry', () => {
    const linkCodes = walletRefusals.filter((code) => code.startsWith('link.'));
    expect(linkCodes).toEqual(['link.proof-invalid', 'link.payload-unknown', 'link.expired', 'link.domain', 'link.network']);
    const texts = new Set<string>();
    for (const code of linkCodes) {
      const failure = explainLinkFailure(refused(code));
      expect(failure.key, code).toBe(refusalKeys[code]);
      expect(failure.retryable).toBe(false);
      const key = failure.key;
      if (key === null) throw new Error(`${code} has no text`);
      expect(en.exists(key), `${code} in en`).toBe(true);
      expect(ru.exists(key), `${code} in ru`).toBe(true);
      texts.add(en.t(key));
    }
    expect(texts.size).toBe(linkCodes.length);
    expect(explainLinkFailure(refused('link.expired')).key).toBe('wallet.refusal.linkExpired');
    expect(en.t('wallet.refusal.linkExpired')).toBe('The link request has expired. Connect the wallet again.');
    expect(explainLinkFailure(refused('link.domain')).key).toBe('wallet.refusal.linkDomain');
    expect(ru.t('wallet.refusal.linkDomain')).toBe(
      'Кошелёк подписал запрос для другого сайта. Подключите кошелёк заново из этого приложения.',
    );
  });

  it('an unknown code falls back to the server words; a lost request may be retried', () => {
    expect(explainLinkFailure(refused('link.brand-new', 'Brand new reason.'))).toEqual({
      key: null,
      message: 'Brand new reason.',
      retryable: false,
    });
    expect(explainLinkFailure(new ApiError('request', 'Network request failed', null, '/api/v3/wallet/link'))).toMatchObject({
      key: 'wallet.toast.network',
      retryable: true,
    });
    expect(explainLinkFailure(new Error('boom'))).toMatchObject({ key: 'toast.somethingWentWrong', retryable: false });
  });
});
