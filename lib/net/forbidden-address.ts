/**
 * Which IP addresses a live catalog sync may not connect to (§catalog): this machine, its
 * private networks and addresses nobody should be sent to. favindex connects to a URL a caller
 * gives it, so without this rule the caller could reach what favindex's own network reaches.
 */

/** IPv4 ranges refused: [first octets as a number, prefix length], with why. */
const FORBIDDEN_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", and 0.0.0.0 is this host on Linux
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, private in practice
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking, private in practice
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function v4Number(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function v4Forbidden(value: number): boolean {
  return FORBIDDEN_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base) ?? 0;
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped); null when it is not one. */
function v6Groups(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups written another way.
  const dotted = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted?.[1]) {
    const v4 = v4Number(dotted[1]);
    if (v4 === null) return null;
    address = `${address.slice(0, dotted.index)}:${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups = half.split(':');
    if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
    return groups.map((g) => Number.parseInt(g, 16));
  };
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  if (!head || !rest) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const given = head.length + rest.length;
  if (given > 7) return null;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest];
}

function v6Forbidden(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, i = 0] = g;
  const embedded = h * 65536 + i;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(6)) return true; // ::, ::1 and the IPv4-compatible ::a.b.c.d: nothing public is written so
  if (zeroUpTo(5) && f === 0xffff) return v4Forbidden(embedded); // IPv4-mapped ::ffff:a.b.c.d
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return v4Forbidden(embedded); // NAT64
  if (a === 0x2002) return v4Forbidden(b * 65536 + c); // 6to4 carries an IPv4 address
  if ((a & 0xfe00) === 0xfc00) return true; // unique local (private)
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return true; // discard-only
  return false;
}

/**
 * True when a sync may not connect to this address: loopback, unspecified, private,
 * link-local, multicast or reserved, in IPv4 or IPv6, IPv4 carried in IPv6 included. Text
 * that is no IP address is refused too: only a resolved address is ever checked.
 */
export function isForbiddenAddress(address: string): boolean {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = v4Number(text);
  if (v4 !== null) return v4Forbidden(v4);
  const v6 = v6Groups(text);
  return v6 === null || v6Forbidden(v6);
}

/** The IP address a URL's host names literally (brackets dropped); null for a host name to resolve. */
export function literalAddress(hostname: string): string | null {
  const text = hostname.replace(/^\[(.*)\]$/, '$1');
  if (v4Number(text) !== null) return text;
  return text.includes(':') ? text : null;
}
