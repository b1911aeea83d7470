import { describe, expect, it } from 'vitest';
import github from '@/lib/demo/catalogs/github.json';
import { fileTooLarge, readToolsListFile, serverFromFileName } from './tools-list-file';

const tools = [{ name: 'list_pods', description: 'List pods', inputSchema: { type: 'object' } }];

describe('readToolsListFile', () => {
  it('reads a tools/list result, with the server the file names', () => {
    const read = readToolsListFile(JSON.stringify(github), 'anything.json');
    expect(read).toMatchObject({ ok: true, server: 'github' });
    expect(read.ok && read.tools.length).toBe(26);
  });

  it('reads the JSON-RPC response around it, and a bare list, offering the file name as the server', () => {
    const rpc = readToolsListFile(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }), 'k8s.json');
    expect(rpc).toMatchObject({ ok: true, server: null, suggestedServer: 'k8s' });
    expect(readToolsListFile(JSON.stringify(tools), 'tools.json')).toMatchObject({ ok: true, server: null, suggestedServer: null });
  });

  it('says in plain words why a file cannot be used', () => {
    const problem = (text: string) => {
      const read = readToolsListFile(text);
      return read.ok ? null : read.problem;
    };
    expect(problem('')).toBe('The file is empty.');
    expect(problem('{"tools": [')).toMatch(/^The file is not JSON: /);
    expect(problem('{"name": "x"}')).toBe('The file has no "tools" list: upload the result of tools/list, like {"tools": [{"name": …}]}.');
    expect(problem('{"tools": {}}')).toBe('The file\'s "tools" is not a list.');
    expect(problem('{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}')).toBe(
      'The file is a JSON-RPC error response: Method not found, not a tools/list result.',
    );
    expect(problem('{"tools": [{"description": "no name"}, {"name": ""}]}')).toBe(
      'The tools list is not valid: tools[0].name: is required; tools[1].name: must not be empty.',
    );
    expect(problem('{"tools": [{"name": "a"}, {"name": "a"}]}')).toBe("The tools list is not valid: tools[1].name: duplicate tool name 'a'.");
  });

  it('ignores a server name the catalog could not take', () => {
    expect(readToolsListFile(JSON.stringify({ server: 'no spaces allowed', tools }))).toMatchObject({ ok: true, server: null });
  });
});

describe('serverFromFileName', () => {
  it('takes the server out of the usual file names', () => {
    expect(serverFromFileName('github.json')).toBe('github');
    expect(serverFromFileName('/tmp/github-tools-list.json')).toBe('github');
    expect(serverFromFileName('tools-list.gitlab.json')).toBe('gitlab');
    expect(serverFromFileName('tools.json')).toBeNull();
    expect(serverFromFileName('my file.json')).toBeNull();
  });
});

describe('fileTooLarge', () => {
  it('refuses what the upload would refuse', () => {
    expect(fileTooLarge(1024)).toBeNull();
    expect(fileTooLarge(11 * 1024 * 1024)).toBe('The file is 11.0 MiB; a catalog upload is at most 10.0 MiB.');
  });
});
