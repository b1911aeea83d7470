import { describe, expect, it } from 'vitest';
import { type SessionEntry, SessionTable } from './http-sessions';

function table(entries: [id: string, client: string, lastSeenAt: number, inFlight?: number][]) {
  const t = new SessionTable<SessionEntry>({ perClient: 3, total: 5 });
  for (const [id, client, lastSeenAt, inFlight = 0] of entries) t.add({ id, client, lastSeenAt, inFlight, close() {} });
  return t;
}

const ids = (room: ReturnType<SessionTable<SessionEntry>['makeRoom']>) => ('evict' in room ? room.evict.map((e) => e.entry.id) : room.full);

describe('SessionTable.makeRoom', () => {
  it('has room without closing anything under both bounds', () => {
    expect(ids(table([['a1', 'a', 1]]).makeRoom('a'))).toEqual([]);
  });

  it("closes the oldest idle session of the client's own name at its bound, not another client's older one", () => {
    const t = table([
      ['b1', 'b', 1],
      ['a1', 'a', 5, 1],
      ['a2', 'a', 3],
      ['a3', 'a', 4],
    ]);
    expect(ids(t.makeRoom('a'))).toEqual(['a2']);
  });

  it('closes the idle session opened last at the overall bound, keeping the sessions opened before it', () => {
    const t = table([
      ['a1', 'a', 1, 2],
      ['b1', 'b', 2],
      ['c1', 'c', 3],
      ['d1', 'd', 9],
      ['e1', 'e', 5, 1],
    ]);
    // d1 opened after b1 and c1 (seen last too, which does not matter); e1 is busy.
    expect(ids(t.makeRoom('f'))).toEqual(['d1']);
  });

  it('lets a flood under many client names close only its own sessions, never those open before it', () => {
    const t = new SessionTable<SessionEntry>({ perClient: 3, total: 8 });
    const held = ['claude', 'cursor', 'codex'];
    // The clients' sessions were opened first and have been idle the longest.
    for (const [i, client] of held.entries()) t.add({ id: client, client, lastSeenAt: i, inFlight: 0, close() {} });
    for (let n = 0; n < 200; n++) {
      const room = t.makeRoom(`flood-${n}`);
      if (!('evict' in room)) throw new Error(room.full);
      for (const { entry } of room.evict) t.delete(entry.id);
      t.add({ id: `f${n}`, client: `flood-${n}`, lastSeenAt: 1_000 + n, inFlight: 0, close() {} });
    }
    expect(t.size).toBe(8);
    expect(held.every((id) => t.get(id))).toBe(true);
  });

  it('says which bound each session was closed for', () => {
    const room = table([
      ['a1', 'a', 1],
      ['a2', 'a', 2],
      ['a3', 'a', 3],
      ['b1', 'b', 0],
      ['c1', 'c', 0],
    ]).makeRoom('a');
    expect('evict' in room && room.evict.map((e) => [e.entry.id, e.bound])).toEqual([['a1', 'client']]);
    const full = table([
      ['b1', 'b', 0],
      ['c1', 'c', 0],
      ['d1', 'd', 0],
      ['e1', 'e', 0],
      ['f1', 'f', 0],
    ]).makeRoom('a');
    expect('evict' in full && full.evict.map((e) => [e.entry.id, e.bound])).toEqual([['f1', 'total']]);
  });

  it('at both bounds closes one of its own and needs no other', () => {
    const t = table([
      ['a1', 'a', 1],
      ['a2', 'a', 2],
      ['a3', 'a', 3],
      ['b1', 'b', 0],
      ['c1', 'c', 0],
    ]);
    expect(ids(t.makeRoom('a'))).toEqual(['a1']);
  });

  it('refuses only when every session in the way has a request in flight', () => {
    expect(
      ids(
        table([
          ['a1', 'a', 1, 1],
          ['a2', 'a', 2, 1],
          ['a3', 'a', 3, 1],
        ]).makeRoom('a'),
      ),
    ).toMatch(/3 sessions of client 'a' are open, each with a request in flight/);
    expect(
      ids(
        table([
          ['a1', 'a', 1, 1],
          ['b1', 'b', 2, 1],
          ['c1', 'c', 3, 1],
          ['d1', 'd', 4, 1],
          ['e1', 'e', 5, 1],
        ]).makeRoom('f'),
      ),
    ).toMatch(/5 sessions are open/);
  });

  it('lists the sessions idle since a time, never one with a request in flight', () => {
    expect(
      table([
        ['a1', 'a', 1],
        ['a2', 'a', 1, 1],
        ['b1', 'b', 9],
      ])
        .idleSince(5)
        .map((e) => e.id),
    ).toEqual(['a1']);
  });
});
