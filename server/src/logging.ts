import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A bot token inside a URL path, as the Bot API puts it (`/bot<id>:<secret>/<method>`), also
 * percent-encoded: the fake Bot API's requests in development carry it.
 */
const BOT_TOKEN_IN_PATH = /\/bot\d+(?::|%3a)[\w-]+/gi;

/** The text with every bot token in a URL path replaced: never logged, in any mode. */
export function redactBotToken(text: string): string {
  return text.replace(BOT_TOKEN_IN_PATH, '/bot[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL's bot token redacted. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: request.url === undefined ? undefined : redactBotToken(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * One line per request: Fastify logs "incoming request" and "request completed", both at info;
 * this logs only the second, with the request's method and URL beside the status and the time.
 * A route's own log level (the probes' warn) still applies, and a 404's line names the URL with
 * any bot token redacted.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method ?? ''}:${redactBotToken(request.raw.url ?? '')} not found`);
  }
}
