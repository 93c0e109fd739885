import type { Type } from 'arktype';

export interface CallSpec<Req extends Type = Type, Res extends Type = Type> {
  /** Path below the API host; every call is a POST. */
  path: string;
  request: Req;
  reply: Res;
  /** Sent before login, without a bearer token. */
  public?: boolean;
  /** A `success: false` reply is a broken contract ('invalid response'), not a business refusal. */
  strict?: boolean;
}

export function call<Req extends Type, Res extends Type>(spec: CallSpec<Req, Res>): CallSpec<Req, Res> {
  return spec;
}
