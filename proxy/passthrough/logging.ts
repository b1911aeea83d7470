import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import type { LoggingLevel, LoggingMessageNotification } from '@modelcontextprotocol/server';
import type { ProxySession } from '../session';
import type { Extra, Hub } from './hub';

const SEVERITY = new Map(LoggingLevelSchema.options.map((level, i) => [level, i]));
const severity = (level: LoggingLevel) => SEVERITY.get(level) ?? 0;

/**
 * logging/setLevel and notifications/message. Each server has one session with the proxy, so it
 * is set to the most verbose level any session asked for, and each session is sent the messages
 * at or above its own level (all of them before it sets one), with `logger` naming the server.
 */
export class Logging {
  private readonly levels = new Map<ProxySession, LoggingLevel>();

  constructor(private readonly hub: Hub) {}

  private wanted(): LoggingLevel | null {
    let most: LoggingLevel | null = null;
    for (const level of this.levels.values()) if (most === null || severity(level) < severity(most)) most = level;
    return most;
  }

  async setLevel(session: ProxySession, extra: Extra, level: LoggingLevel): Promise<void> {
    this.levels.set(session, level);
    const wanted = this.wanted() ?? level;
    // A server that is down gets the level when it is back (reapply).
    await Promise.all(
      this.hub
        .offering('logging')
        .map((upstream) => this.hub.send(session, extra, upstream.name, 'logging/setLevel', (client, options) => client.setLoggingLevel(wanted, options))),
    );
  }

  fromServer(server: string, params: LoggingMessageNotification['params']): void {
    const message = { ...params, logger: params.logger ? `${server}/${params.logger}` : server };
    for (const [session, link] of this.hub.links) {
      if (!link.capabilities.logging) continue;
      const own = this.levels.get(session);
      if (own && severity(params.level) < severity(own)) continue;
      link.server.sendLoggingMessage(message).catch(() => {});
    }
  }

  /** A server back up has a new session: give it the level sessions asked for. */
  reapply(server: string): void {
    const wanted = this.wanted();
    if (wanted === null) return;
    try {
      this.hub.upstreams
        .get(server)
        ?.session()
        .setLoggingLevel(wanted)
        .catch((err: Error) => this.hub.log(`${server}: setting the log level again failed: ${err.message}`));
    } catch {
      // down again already
    }
  }

  forget(session: ProxySession): void {
    this.levels.delete(session);
  }
}
