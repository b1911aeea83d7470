import net from 'node:net';

/**
 * A TCP relay in front of a database server, for a test to take the database away from a
 * running favindex and give it back: `hold` keeps new connections waiting unanswered (a
 * database that does not answer yet), `pass` lets them through, `close` drops every connection
 * and refuses new ones (the port closed), `open` listens again on the same port.
 */
export class TcpRelay {
  private server: net.Server | null = null;
  private readonly held: net.Socket[] = [];
  private readonly sockets = new Set<net.Socket>();
  private holding = false;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }, options: { hold?: boolean } = {}): Promise<TcpRelay> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const relay = new TcpRelay(port, target);
    relay.holding = options.hold ?? false;
    await relay.open();
    return relay;
  }

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      this.track(client);
      if (this.holding) this.held.push(client);
      else this.connect(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Let the held connections, and every new one, through. */
  pass(): void {
    this.holding = false;
    for (const client of this.held.splice(0)) if (!client.destroyed) this.connect(client);
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private connect(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }
}
