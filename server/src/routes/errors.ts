import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import { BotApiError } from '../adapters/telegram/bot-api';

/** An HTTP-level refusal (bad body, wrong key, rate limit) with the message the client sees. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export const httpMessages = {
  wrongAppKey: 'Missing or wrong application key',
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: 'Request body is too large (limit 64 KiB)',
  unsupportedContentType: 'Unsupported content type, send application/json',
  badContentLength: 'Request body length does not match Content-Length',
  malformedUrl: 'Malformed URL',
  internal: 'Internal error',
  databaseDown: 'The service is briefly unavailable, try again in a moment',
} as const;

/** Node's socket errors and PostgreSQL's connection-class and shutdown SQLSTATEs. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);

/** True for an error that means the database could not be reached, not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
};

/** Fastify's own refusals of what a client sent, in our words. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: httpMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: httpMessages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: httpMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: httpMessages.unsupportedContentType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: httpMessages.badContentLength },
  FST_ERR_BAD_URL: { status: 400, message: httpMessages.malformedUrl },
};

export interface Failure {
  success: false;
  message: string;
  code?: string;
}

export const failure = (message: string, code?: string): Failure =>
  code ? { success: false, message, code } : { success: false, message };

/** Status and client-facing message of any error; 500 only for genuine server faults. */
export function describeError(error: unknown): { status: number; message: string; code?: string } {
  if (error instanceof DomainError) {
    return { status: STATUS_OF[error.kind], message: error.message, ...(error.code ? { code: error.code } : {}) };
  }
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  // The database going away is an outage, not a bug: the caller may simply try again.
  if (isDatabaseUnavailable(error)) return { status: 503, message: httpMessages.databaseDown, code: 'service.unavailable' };
  // Telegram not answering is nobody's mistake here: say so, and let the player try again.
  if (error instanceof BotApiError)
    return { status: 503, message: 'Telegram is not answering right now, try again in a minute', code: 'telegram.unavailable' };
  const { code, statusCode, message } = (error ?? {}) as Partial<FastifyError>;
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return known;
  // Any other refusal Fastify or a plugin marks as the client's fault keeps its status.
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: message || 'Bad request' };
  }
  return { status: 500, message: httpMessages.internal };
}

/** The one error handler: every error leaves as the envelope `{success:false, message}`. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, message, code } = describeError(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ status, reason: message }, 'request refused');
  }
  return reply.code(status).send(failure(message, code));
}
