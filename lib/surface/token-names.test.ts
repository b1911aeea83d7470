import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { formatFunctionDefinitions, type ChatCompletionFunctionDefinition } from 'gpt-tokenizer/functionCalling';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { TokenMethodId } from './targets';
import { nameListTokens, toolTokens } from './tokens';
import type { ToolBody } from './types';

// A definition's tokens are counted once per body and method, and each plain name's apart
// (tokens.ts): every count must be the count of the whole definition under that name.
const bodies: ToolBody[] = [
  ...DEMO_SERVERS.flatMap((s) => s.tools).map((t) => ({ description: t.description, inputSchema: t.inputSchema })),
  { description: '', inputSchema: { type: 'object' } },
  { inputSchema: {} },
  { description: 'Ends with a name-like word: x', inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
];

function whole(name: string, body: ToolBody, method: TokenMethodId): number {
  if (method === 'anthropic-tools') return countTokens(JSON.stringify({ name, description: body.description ?? '', input_schema: body.inputSchema }));
  const fn = { name, description: body.description, parameters: body.inputSchema } as unknown as ChatCompletionFunctionDefinition;
  return countTokens(formatFunctionDefinitions([fn])) - countTokens(formatFunctionDefinitions([]));
}

const NAMES = [
  'x',
  'A',
  '7',
  'mcp__favindex__server-01__push_files',
  'all/server-01/push_files',
  'favourite/github/create_issue',
  'fav_fork_repository_2',
  'mcp_favindex-prod_fav_read_file',
  'mcp_favindex_all_everything_trigger-long-r...ger-long-running-operation',
  'ABCdef',
  'getHTTPResponse2',
  '1234567',
  'a1234b',
  'a.b:c',
  // Not plain: counted whole, as before.
  "x's",
  '_x',
  'x_',
  '-a',
  'a-',
  'a b',
  'ünï',
  'mcp__favindex__x<|endoftext|>',
];

// Split before each run of marks after a letter or digit and after each run of two or more before one (tokens.ts): runs of every mark, digits and capitals after. Checked against a share of the bodies, as the drawn names are.
const SEGMENTED = [
  'a__b__c',
  'a..b',
  'a::1',
  'a-/-b',
  'x__123456',
  'mcp__favindex__all__server-01__create_issue',
  'mcp_favindex_all_server_01_create_issue',
  'Q/./Z--9__x',
  'a_B_c.D:1/2-x',
  'getHTTP_Response_2ABC',
];

/** A seeded draw below n: the same every run. */
function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
}

/** Names drawn from the characters client forms use. */
function drawnNames(next: (n: number) => number, count: number): string[] {
  const alphabet = 'abcxyzXYZQ0129_./:-';
  return Array.from({ length: count }, () => Array.from({ length: 1 + next(48) }, () => alphabet[next(alphabet.length)]).join(''));
}

describe('token counts of a definition under many names', () => {
  it('are the count of the whole definition, for plain names and others, both methods', () => {
    const drawn = drawnNames(seeded(7), 400);
    for (const [i, name] of [...NAMES, ...SEGMENTED, ...drawn].entries()) {
      for (const [j, body] of bodies.entries()) {
        if (i >= NAMES.length && j % 11 !== i % 11) continue;
        for (const method of ['openai-functions', 'anthropic-tools'] as const) {
          let want: number | Error;
          try {
            want = whole(name, body, method);
          } catch (error) {
            want = error as Error;
          }
          if (want instanceof Error) expect(() => toolTokens(name, body, method)).toThrow(want.message);
          else expect({ name, method, tokens: toolTokens(name, body, method) }).toEqual({ name, method, tokens: want });
        }
      }
    }
  });

  it('of names one a line are the count of the lines joined, plain names or not', () => {
    const next = seeded(11);
    const drawn = drawnNames(next, 600);
    const plain = NAMES.slice(0, 14);
    const lists = [[], ['x'], plain, NAMES.slice(0, -1), SEGMENTED, drawn, [...plain, '_x'], ['a-', 'b'], ['a', ''], ['', 'a'], [...plain, ...plain]];
    for (let i = 0; i < 40; i++) lists.push(Array.from({ length: 1 + next(30) }, () => drawn[next(drawn.length)] ?? 'x'));
    const listed = (names: string[]) => names.map((name, i) => ({ name, body: bodies[i % bodies.length] ?? { inputSchema: {} } }));
    for (const names of lists) {
      const want = names.length > 0 ? countTokens(names.join('\n')) : 0;
      expect({ names, tokens: nameListTokens(listed(names)) }).toEqual({ names, tokens: want });
      // Again, from the names' counts kept.
      expect(nameListTokens(listed(names))).toBe(want);
    }
    expect(() => nameListTokens(listed(NAMES))).toThrow('Disallowed special token');
  });
});
