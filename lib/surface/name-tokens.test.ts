import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { modeInputs } from '@/test/surface-catalogs';
import { applyClient } from './client-list';
import { CLIENT_IDS, CLIENTS } from './clients';
import { buildModeList } from './modes';
import { nameTokensOf, prefixedNameTokens } from './name-tokens';
import { prepareCatalog } from './prepared-catalog';

// A client's name is counted from the text it puts before every name and the presented name's
// counts (name-tokens.ts): each count must be the count of the whole name, alone and after a space.

const PREFIXES = [
  'mcp__favindex__',
  'mcp_favindex_',
  'favindex-',
  'mcp__favindex-production-eu1__',
  'mcp_favindex_prod_',
  'a_',
  'a__',
  'x.',
  'A1::',
  'Q/./',
  '9-',
  // Not a prefix a plain name can follow: counted as whole names.
  '_x_',
  'mcp',
  'a b_',
  '',
];

const NAMES = ['x', 'A', '7', 'create_issue', 'server-01__push_files', 'all_server_01_create_issue', 'getHTTPResponse2', '1234567', 'a.b:c', 'x__123456'];

/** A seeded draw below n: the same every run. */
function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
}

/** Plain names drawn from the characters client forms use: a letter or digit at both ends. */
function drawnNames(next: (n: number) => number, count: number): string[] {
  const alnum = 'abcxyzXYZQ0129';
  const inner = `${alnum}_./:-`;
  return Array.from({ length: count }, () => {
    const middle = Array.from({ length: next(30) }, () => inner[next(inner.length)]).join('');
    return `${alnum[next(alnum.length)]}${middle}${next(2) ? alnum[next(alnum.length)] : ''}`;
  });
}

describe('a name after a client prefix', () => {
  it('counts as the whole name, alone and after a space', () => {
    const next = seeded(5);
    const drawnPrefixes = drawnNames(next, 60).map((p, i) => `${p}${'_./:-'[i % 5]}${i % 3 === 0 ? '_' : ''}`);
    for (const prefix of [...PREFIXES, ...drawnPrefixes]) {
      for (const name of [...NAMES, ...drawnNames(next, 20)]) {
        const whole = `${prefix}${name}`;
        const counted = prefixedNameTokens(prefix, nameTokensOf(name), whole);
        expect({ whole, plain: counted.plain, name: counted.name }).toEqual({ whole, plain: nameTokensOf(whole).plain, name: whole });
        if (!counted.plain) continue;
        expect({ whole, alone: counted.aloneTokens() }).toEqual({ whole, alone: countTokens(whole) });
        expect({ whole, spaced: counted.piece('openai-functions') }).toEqual({ whole, spaced: countTokens(` ${whole}`) });
      }
    }
  });

  it('is counted whole when the name after it is not plain, or is not what follows the prefix', () => {
    const after = nameTokensOf("it's");
    expect(prefixedNameTokens('mcp__favindex__', after, "mcp__favindex__it's").plain).toBe(false);
    const other = prefixedNameTokens('mcp__favindex__', nameTokensOf('create_issue'), 'mcp__favindex__read_file');
    expect(other.aloneTokens()).toBe(countTokens('mcp__favindex__read_file'));
  });

  it('through every client, each name sent is counted as the name itself', () => {
    const catalog = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
    for (const naming of ['safe', 'slash'] as const) {
      for (const mode of ['eager', 'favindex'] as const) {
        const list = buildModeList(mode, catalog, modeInputs({ naming })).tools;
        for (const client of CLIENT_IDS) {
          for (const serverKey of ['favindex', 'favindex-production-eu1']) {
            for (const tool of applyClient(CLIENTS[client], serverKey, list).tools) {
              const { nameTokens } = tool;
              expect(nameTokens.name).toBe(tool.name);
              if (!nameTokens.plain) continue;
              expect({ client, name: tool.name, alone: nameTokens.aloneTokens() }).toEqual({ client, name: tool.name, alone: countTokens(tool.name) });
              expect({ client, name: tool.name, spaced: nameTokens.piece('openai-functions') }).toEqual({
                client,
                name: tool.name,
                spaced: countTokens(` ${tool.name}`),
              });
            }
          }
        }
      }
    }
  });
});
