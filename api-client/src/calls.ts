import { firstCalls } from './first-calls';
import { laterCalls } from './later-calls';

export type { CallSpec } from './call-spec';

/** Every call of the API: the one list the server registers routes from and the client calls. */
export const calls = { ...firstCalls, ...laterCalls } as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type FirstCallName = keyof typeof firstCalls;
export type RequestOf<N extends CallName> = Calls[N]['request']['inferIn'];
export type ReplyOf<N extends CallName> = Calls[N]['reply']['infer'];
