import type { Duplex } from 'node:stream';
import { ApiError } from '@/lib/errors';

/**
 * Node's answer to a request it cannot parse (an unknown method, a broken header) is a bare
 * `400` with no body; this one is the §errors envelope. The connection is closed after it, as
 * Node does, because the parser cannot find where the next request starts.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refusal =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('HEADERS_TOO_LARGE', 'the request headers are larger than the server accepts', {
          suggestedAction: 'send fewer or shorter headers (cookies included)',
          citedRule: '§errors',
        })
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('REQUEST_TIMEOUT', 'the request did not arrive in time', {
            suggestedAction: 'send the whole request promptly, then retry',
            citedRule: '§errors',
          })
        : new ApiError('MALFORMED_REQUEST', 'the request is not valid HTTP/1.1 (an unknown method, or a malformed line or header)', {
            suggestedAction: 'send a standard method and well-formed headers',
            citedRule: '§errors',
          });
  const body = JSON.stringify(refusal.toEnvelope());
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[refusal.status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
