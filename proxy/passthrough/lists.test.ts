import { describe, expect, it } from 'vitest';
import { presentedNames, readPages, refuseCursor } from './lists';

describe('presentedNames', () => {
  it('keeps a name one server lists and prefixes a shared one by each server, in config order', () => {
    const names = presentedNames([
      { server: 'a', name: 'greet' },
      { server: 'a', name: 'only_a' },
      { server: 'b', name: 'greet' },
    ]);
    expect(names).toEqual(['a_greet', 'only_a', 'b_greet']);
  });

  it('hashes a prefixed name another server already lists, so no prompt is lost and the names stay unique', () => {
    const entries = [
      { server: 'a', name: 'x' },
      { server: 'b', name: 'a_x' },
      { server: 'c', name: 'x' },
    ];
    const names = presentedNames(entries);
    expect(names[1]).toBe('a_x');
    expect(names[0]).toMatch(/^a_x-[0-9a-f]{8}$/);
    expect(names[2]).toBe('c_x');
    expect(new Set(names).size).toBe(3);
    expect(presentedNames(entries)).toEqual(names);
  });
});

describe('readPages', () => {
  it('follows nextCursor to the last page', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = { start: { items: [1, 2], nextCursor: 'p2' }, p2: { items: [3] } };
    expect(
      await readPages(
        's',
        'prompts/list',
        async (cursor) => pages[cursor ?? 'start'] ?? { items: [] },
        () => {},
      ),
    ).toEqual([1, 2, 3]);
  });

  it('refuses a server that hands out the same cursor again, naming it', async () => {
    await expect(
      readPages(
        'loopy',
        'resources/list',
        async () => ({ items: [1], nextCursor: 'again' }),
        () => {},
      ),
    ).rejects.toThrow(/MCP server 'loopy' keeps paging resources\/list \(cursor 'again' again\)/);
  });
});

describe('refuseCursor', () => {
  it('refuses a cursor the proxy never handed out, and takes a first page', () => {
    expect(() => refuseCursor({ cursor: 'x' }, 'prompts/list')).toThrow(
      expect.objectContaining({ code: -32602, message: expect.stringMatching(/hands out no cursors/) }),
    );
    expect(() => refuseCursor(undefined, 'prompts/list')).not.toThrow();
  });
});
