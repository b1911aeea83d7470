import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A response written before its request body was all read (a 413 on a chunked body, whose
 * reader stopped partway) leaves the rest of that body on the connection, and Node, which
 * drains only bodies nobody started reading, leaves it there: the next request on the
 * keep-alive socket would never be parsed. Such a response says `Connection: close`, and
 * Node closes the socket as soon as it is sent.
 */
export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) this.setHeader('connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
