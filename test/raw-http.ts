import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One TCP connection spoken to in HTTP/1.1 by hand, so a test controls exactly what goes on
 * the wire (chunked bodies, several requests on one socket) and sees every byte that comes back.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  /** The error code the socket failed with (ECONNRESET, EPIPE), if it did. */
  error: string | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    // A reset after a refusal is something the tests look at, not a failure of the helper.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      this.error = err.code ?? err.message;
    });
  }

  /** `allowHalfOpen`: keep sending after the server's end, as a client that ignores `Connection: close` does. */
  static async open(port: number, { allowHalfOpen = false } = {}): Promise<RawConnection> {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    return new RawConnection(socket);
  }

  /** Write and wait until the kernel took it; false when the server closed the connection meanwhile. */
  write(data: string | Buffer): Promise<boolean> {
    if (this.socket.destroyed || !this.socket.writable) return Promise.resolve(false);
    return new Promise((resolve) => this.socket.write(data, (err) => resolve(!err)));
  }

  /** The next complete response, or 'closed' when the connection ends first, or 'timeout'. */
  async response(timeoutMs: number): Promise<RawResponse | 'closed' | 'timeout'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.closed) return 'closed';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Wait for the server to close the connection; true when it did within the time. */
  async closedWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.closed;
  }

  /** Half-close: the server sees the end of what this client sends. */
  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  private take(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd < 0) return null;
        const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    this.buffer = Buffer.from(rest);
    return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
  }
}

/** A chunked request of `bytes` spaces in 64 KiB chunks, head and body. */
export function chunkedRequest(method: string, path: string, bytes: number, headers: Record<string, string> = {}): Buffer[] {
  const head = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Transfer-Encoding: chunked', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  const out = [Buffer.from(`${head.join('\r\n')}\r\n\r\n`)];
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let sent = 0; sent < bytes; sent += chunk.length) out.push(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
  out.push(Buffer.from('0\r\n\r\n'));
  return out;
}

export function getRequest(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
}
