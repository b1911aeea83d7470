import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, literalAddress } from './forbidden-address';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'fe80::1%eth0',
    'fd00::1',
    'fc12:3456::1',
    'ff02::1',
    'fec0::1',
    'not an address',
    '1.2.3',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'allows the public address %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe('literalAddress', () => {
  it('finds the address a URL names literally, in the forms the URL parser leaves', () => {
    const host = (url: string) => literalAddress(new URL(url).hostname);
    expect(host('http://2130706433/mcp')).toBe('127.0.0.1');
    expect(host('http://0x7f000001/mcp')).toBe('127.0.0.1');
    expect(host('http://127.1/mcp')).toBe('127.0.0.1');
    expect(host('http://[::ffff:127.0.0.1]/mcp')).toBe('::ffff:7f00:1');
    expect(host('http://[::1]:3000/mcp')).toBe('::1');
    expect(host('http://mcp.example.com/mcp')).toBeNull();
    expect(host('http://localhost/mcp')).toBeNull();
  });
});
