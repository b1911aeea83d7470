import { describe, expect, it } from 'vitest';
import { type SessionEntry, SessionTable } from './http-sessions';

function table(entries: [id: string, client: string, lastSeenAt: number, inFlight?: number][]) {
  const t = new SessionTable<SessionEntry>({ perClient: 3, total: 5 });
  for (const [id, client, lastSeenAt, inFlight = 0] of entries) t.add({ id, client, lastSeenAt, inFlight, close() {} });
  return t;
}

const ids = (room: ReturnType<SessionTable<SessionEntry>['makeRoom']>) => ('evict' in room ? room.evict.map((e) => e.id) : room.full);

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

  it('closes the oldest idle session of any client at the overall bound', () => {
    const t = table([
      ['a1', 'a', 1, 2],
      ['b1', 'b', 2],
      ['c1', 'c', 3],
      ['d1', 'd', 4],
      ['e1', 'e', 5],
    ]);
    expect(ids(t.makeRoom('f'))).toEqual(['b1']);
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
