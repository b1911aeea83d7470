import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { MAX_JSON_DEPTH } from '@/lib/limits';
import { listAllTools, readAllTools } from './fetch-tools';
import { versionNegotiation } from './protocol';

/** An SDK Server listing `tools` as they are, and a Client connected to it in memory. */
async function listing(tools: unknown[]): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new Server({ name: 'listing', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools }) as never);
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { capabilities: {}, versionNegotiation: versionNegotiation('2025-11-25', 5_000) });
  await client.connect(clientSide);
  return client;
}

/** An input schema `levels` levels of objects deep (3 or more): an object whose one property is an array of arrays … of strings. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 3; i < levels; i++) schema = { type: 'array', items: schema };
  return { type: 'object', properties: { x: schema } };
}

/** Levels an upload puts above a tool's input schema: {"tools": [{"inputSchema": …}]}. */
const ABOVE_SCHEMA = 3;

const tool = (name: string, inputSchema: Record<string, unknown> = { type: 'object' }) => ({ name, inputSchema });

describe('readAllTools (a proxy serves what it can of a list)', () => {
  it('leaves out each tool a catalog cannot hold, with why, and keeps the others as listed', async () => {
    const deepest = nested(MAX_JSON_DEPTH - ABOVE_SCHEMA);
    const client = await listing([
      tool('echo'),
      tool('too_deep', nested(MAX_JSON_DEPTH - ABOVE_SCHEMA + 1)),
      tool('deep_enough', deepest),
      { name: 'nul', description: 'a\u0000b', inputSchema: { type: 'object' } },
      tool('bad\nname'),
      tool('echo', { type: 'object', properties: { again: {} } }),
      tool('time'),
    ]);
    const read = await readAllTools(client, 'memory');
    expect(read.tools.map((t) => t.name)).toEqual(['echo', 'deep_enough', 'time']);
    expect(read.raw.map((t) => t.name)).toEqual(['echo', 'deep_enough', 'time']);
    expect(read.raw[1]?.inputSchema).toEqual(deepest);
    expect(read.leftOut).toEqual([
      { name: 'too_deep', reason: expect.stringContaining(`it nests deeper than a catalog may (${MAX_JSON_DEPTH} levels`) },
      { name: 'nul', reason: expect.stringContaining('description contains U+0000') },
      { name: 'bad name', reason: expect.stringContaining('must not contain control characters') },
      { name: 'echo', reason: 'a tool of the same name is listed before it' },
    ]);
  });

  it('is the list whole when every tool fits; listAllTools still refuses the whole list for one that does not', async () => {
    const fine = await readAllTools(await listing([tool('a'), tool('b')]), 'memory');
    expect(fine.leftOut).toEqual([]);
    const refused = await listAllTools(await listing([tool('a'), tool('too_deep', nested(MAX_JSON_DEPTH))]), 'memory').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toContain('nested more than 64 levels deep');
  });
});
