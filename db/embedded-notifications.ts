import type { PGlite } from '@electric-sql/pglite';
import { type ChangeSignal, SURFACE_CHANNEL } from './change-signal';

/**
 * What may have changed in an embedded database for a surface poll: the same triggers that
 * tell PostgreSQL's listeners (migrations 0023 and 0025: a project's surface inputs, its
 * favourites, its tokens) notify SURFACE_CHANNEL, and PGlite hands a notification to its
 * listener while it reads the result of the statement that committed it, before that statement's
 * caller resumes; so after a write has returned, `generation` has moved. Nothing else moves it:
 * a poll is answered from memory while another project's events are stored (their transaction
 * holds PGlite's one connection for as long as it runs), where counting every statement made each
 * poll wait for it (issue 45).
 */
export class EmbeddedNotifications implements ChangeSignal {
  private count = 0;

  private constructor() {}

  /** Listen on the client before anything is read through it. */
  static async listen(client: PGlite): Promise<EmbeddedNotifications> {
    const signal = new EmbeddedNotifications();
    await client.listen(SURFACE_CHANNEL, () => {
      signal.count++;
    });
    return signal;
  }

  get generation(): number {
    return this.count;
  }
}
