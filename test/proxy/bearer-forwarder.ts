import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback forwarder that adds `Authorization: Bearer <secret>` to every request, for a client
 * that cannot be given headers (the MCP conformance suite). Host and Origin naming the forwarder
 * are rewritten to name the target, as if the client had called the target itself; any other
 * Host or Origin (the suite's DNS rebinding probe) passes unchanged, so the target's checks see it.
 */
export async function bearerForwarder(target: string, secret: string): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  let own = '';
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${secret}` };
    if (headers.host === own) headers.host = to.host;
    if (headers.origin === `http://${own}`) headers.origin = to.origin;
    const upstream = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  own = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `http://${own}${to.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
