import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepJson } from './kept-file';

describe('keepJson', () => {
  it('replaces the kept copy whole and leaves no temporary file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-kept-'));
    const file = path.join(dir, 'state', 'surface.json');
    keepJson(file, { version: 1 }, 'the surface', () => {});
    keepJson(file, { version: 2 }, 'the surface', () => {});
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ version: 2 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['surface.json']);
  });

  it('says what it could not keep, and the last whole copy stays', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-kept-'));
    const file = path.join(dir, 'tools.json');
    keepJson(file, { tools: ['a'] }, "memory's tools", () => {});
    const logged: string[] = [];
    // A value JSON cannot hold fails before anything is written.
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    keepJson(file, circular, "memory's tools", (m) => logged.push(m));
    expect(logged).toEqual([expect.stringMatching(/^cannot keep memory's tools on disk: .*circular/i)]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ tools: ['a'] });
  });
});
