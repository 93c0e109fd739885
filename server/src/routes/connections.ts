import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A closing server waits for its requests to end, not for connections that carry none. Node's
 * own `closeIdleConnections` leaves out a connection that has sent nothing yet (a pooled client's
 * spare socket, or one whose request was aborted before it went out): such a connection held a
 * shutdown for a minute, until Node's headers timeout, and a deploy's SIGTERM ran into its
 * grace period. At close, every connection with no request in flight is ended; requests in
 * flight (and the live feed's streams, which its own hook ends first) still finish.
 */
export function registerConnectionClosing(app: FastifyInstance): void {
  const open = new Set<Socket>();
  const busy = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      busy.delete(socket);
    });
  });
  app.server.on('request', (request: { socket: Socket }, response: { once(event: 'close', listener: () => void): void }) => {
    const { socket } = request;
    busy.add(socket);
    response.once('close', () => busy.delete(socket));
  });
  // Registered after the routes: their own preClose hooks (the live feed's) run first.
  app.addHook('preClose', (done) => {
    for (const socket of open) if (!busy.has(socket)) socket.destroy();
    done();
  });
}
