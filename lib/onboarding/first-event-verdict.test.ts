import { describe, expect, it } from 'vitest';
import { firstEventVerdict, setupWorks } from './first-event-verdict';

/** A project whose catalog is the memory server with its one tool, uploaded without trouble. */
const memoryCatalog = { servers: ['memory'], tools: new Set(['memory/read_graph']), catalogRefused: false };
const unresolved = { kind: 'unresolved', canonical: null, unresolvedReason: "unknown server 'memory': it is not in the project's catalog" };

describe('firstEventVerdict', () => {
  it('is green only for a call that resolved to a catalog tool', () => {
    expect(firstEventVerdict({ kind: 'tool', canonical: 'memory/read_graph', unresolvedReason: null }, memoryCatalog)).toEqual({
      tone: 'ok',
      text: 'It resolved to memory/read_graph, a tool of the catalog.',
    });
  });

  it('is amber for a canonical name the catalog does not list, such as one guessed before the catalog came', () => {
    const verdict = firstEventVerdict({ kind: 'tool', canonical: 'memory/all_memory_read_graph', unresolvedReason: null }, memoryCatalog);
    expect(verdict).toMatchObject({ tone: 'warn', text: 'It was counted as memory/all_memory_read_graph, which the catalog does not list.' });
  });

  it('is amber with the reason and the upload to make when the catalog is empty', () => {
    const verdict = firstEventVerdict(unresolved, { servers: [], tools: new Set(), catalogRefused: false });
    expect(verdict).toMatchObject({ tone: 'warn', text: 'It is unresolved: its server’s catalog is not uploaded.', reason: unresolved.unresolvedReason });
    expect(verdict.tone === 'warn' && verdict.fix).toContain('Catalog tab');
  });

  it('blames the token when the proxy was refused catalog:write', () => {
    const verdict = firstEventVerdict(unresolved, { servers: [], tools: new Set(), catalogRefused: true });
    expect(verdict.tone === 'warn' && verdict.fix).toContain('make a token for a proxy');
  });

  it('names the servers the catalog has when the call matches none of them', () => {
    const verdict = firstEventVerdict(unresolved, { servers: ['github'], tools: new Set(['github/create_issue']), catalogRefused: false });
    expect(verdict).toMatchObject({ tone: 'warn', text: 'It is unresolved: no catalog tool matches it.' });
    expect(verdict.tone === 'warn' && verdict.fix).toContain('the catalog has github');
  });

  it('does not count a meta call as a first tool call', () => {
    expect(firstEventVerdict({ kind: 'meta', canonical: null, unresolvedReason: null }, memoryCatalog).tone).toBe('warn');
    // A tool kind without a canonical name (never stored so, but not green if it were).
    expect(firstEventVerdict({ kind: 'tool', canonical: null, unresolvedReason: null }, memoryCatalog).tone).toBe('warn');
  });
});

describe('setupWorks', () => {
  const call = (id: string, kind: string, canonical: string | null, status = 'ok') => ({ id, kind, canonical, status });

  it('finds the newest call that resolved to a catalog tool and was answered, however many unknown names came after', () => {
    const newestFirst = [
      call('e12', 'unresolved', null),
      call('e11', 'unresolved', null),
      call('e10', 'tool', 'memory/read_graph'),
      call('e9', 'tool', 'memory/read_graph'),
    ];
    expect(setupWorks(newestFirst, memoryCatalog)?.id).toBe('e10');
  });

  it('is none while no call both resolved to a tool the catalog lists and was answered', () => {
    const calls = [call('e3', 'tool', 'memory/read_graph', 'unknown'), call('e2', 'tool', 'memory/guessed'), call('e1', 'unresolved', null)];
    expect(setupWorks(calls, memoryCatalog)).toBeNull();
    expect(setupWorks([call('e1', 'tool', 'memory/read_graph')], { tools: new Set() })).toBeNull();
  });
});
