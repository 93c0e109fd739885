import type { Type } from 'arktype';
import { lazy } from './lazy';

export interface CallSpec<Req extends Type = Type, Res extends Type = Type> {
  /** Path below the API host; every call is a POST. */
  path: string;
  /** The request as the call declares it: a key it does not declare is refused, at any depth. */
  request: Req;
  reply: Res;
  /** Sent before login, without a bearer token. */
  public?: boolean;
  /** A `success: false` reply is a broken contract ('invalid response'), not a business refusal. */
  strict?: boolean;
}

/**
 * Declares a call. The contract is closed here, once for the whole call list: the request refuses
 * every key it does not declare ("userId must be removed"), so nothing a client adds to a body can
 * reach the server's handlers beside the declared fields. Replies stay open (a newer server may
 * add fields an older app ignores).
 */
export function call<Req extends Type, Res extends Type>(spec: CallSpec<Req, Res>): CallSpec<Req, Res> {
  const declared = spec.request;
  return { ...spec, request: lazy(() => declared.onDeepUndeclaredKey('reject')) };
}
