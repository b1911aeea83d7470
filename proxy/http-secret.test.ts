import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearerMatches, HttpSecretError, loadHttpSecret } from './http-secret';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-http-secret-'));
  file = path.join(dir, 'state', 'http-secret');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadHttpSecret', () => {
  it('makes a 256-bit URL-safe secret in a 0600 file even under umask 0, then reuses it', () => {
    const before = process.umask(0);
    try {
      const made = loadHttpSecret({ file });
      expect(made).toMatchObject({ made: true, where: file });
      expect(made.value).toMatch(/^fvxp_[A-Za-z0-9_-]{43}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.dirname(file))).toEqual(['http-secret']);
      expect(loadHttpSecret({ file })).toEqual({ value: made.value, made: false, where: file });
    } finally {
      process.umask(before);
    }
  });

  it('refuses a file others may read, saying how to go on', () => {
    loadHttpSecret({ file });
    fs.chmodSync(file, 0o640);
    expect(() => loadHttpSecret({ file })).toThrow(HttpSecretError);
    expect(() => loadHttpSecret({ file })).toThrow(`${file} can be read by other users (mode 0640)`);
    expect(() => loadHttpSecret({ file })).toThrow(`chmod 600 ${file}`);
  });

  it('refuses a symbolic link, and a secret a header cannot carry or too short to be one', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const elsewhere = path.join(dir, 'elsewhere');
    fs.writeFileSync(elsewhere, 'x'.repeat(40), { mode: 0o600 });
    fs.symlinkSync(elsewhere, file);
    expect(() => loadHttpSecret({ file })).toThrow(/is a symbolic link/);
    fs.rmSync(file);
    fs.writeFileSync(file, 'has spaces in it and is long enough to pass\n', { mode: 0o600 });
    expect(() => loadHttpSecret({ file })).toThrow(/not usable: it must be 32 to 512 characters/);
    expect(() => loadHttpSecret({ env: 'short' })).toThrow(/FAVINDEX_PROXY_SECRET is not usable/);
  });

  it('takes the environment variable as it is and writes nothing', () => {
    const value = 'b'.repeat(32);
    expect(loadHttpSecret({ env: `${value}\n` })).toEqual({ value, made: false, where: 'FAVINDEX_PROXY_SECRET' });
    expect(fs.existsSync(path.dirname(file))).toBe(false);
  });
});

describe('bearerMatches', () => {
  const secret = 'c'.repeat(40);
  it('takes the secret after Bearer (any case of the scheme), nothing else', () => {
    expect(bearerMatches(`Bearer ${secret}`, secret)).toBe(true);
    expect(bearerMatches(`bearer ${secret}`, secret)).toBe(true);
    for (const header of [undefined, '', secret, `Basic ${secret}`, `Bearer ${secret}x`, `Bearer ${secret.slice(1)}`, 'Bearer ', `Bearer ${secret} extra`]) {
      expect(bearerMatches(header, secret), String(header)).toBe(false);
    }
  });
});
