import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a socket closed after a refusal, and the refused body, go on reading what the client still sends. */
export const LINGER_MS = 2_000;

/**
 * A response written before its request body was all read (a 413 on a chunked body, whose
 * reader stopped partway) leaves the rest of that body on the connection, and Node, which
 * drains only bodies nobody started reading, leaves it there: the next request on the
 * keep-alive socket would never be parsed. Such a response says `Connection: close`, and the
 * socket closes once it is sent, lingering first (below).
 */
export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (!declaresBody(req)) return;
  const writeHead = res.writeHead;
  // writeHead is overloaded; this wrapper passes its arguments through unchanged.
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent && !req.complete) {
      this.setHeader('connection', 'close');
      lingerBeforeClosing(req.socket);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/** A bodiless request answered at once is not complete yet either, but leaves nothing behind. */
function declaresBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is flushed. With the body still
 * arriving, that close is a reset, and a client still writing its body meets the reset on a
 * write and can lose the answer it has not read yet. So the socket sends its end after the
 * answer and goes on reading (what arrives is dropped) until the client closes its side or
 * LINGER_MS pass, as web servers' "lingering close" does.
 */
function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = function (this: Socket) {
    this.end();
    this.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
