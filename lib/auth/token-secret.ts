import { randomBytes } from 'node:crypto';
import { randomToken, sha256Hex } from './secrets';

const TOKEN_PREFIX = 'fvx_';
const TOKEN_RE = /^fvx_[A-Za-z0-9_-]{43}$/;

/** True when the text has the shape of a favindex project token (it may still be unknown). */
export function looksLikeToken(secret: string): boolean {
  return TOKEN_RE.test(secret);
}

export function hashToken(secret: string): string {
  return sha256Hex(secret);
}

/** A new project token: 256 random bits. Only its hash is stored; `prefix` identifies it in lists. */
export function newTokenSecret(): { id: string; secret: string; prefix: string; hash: string } {
  const secret = `${TOKEN_PREFIX}${randomToken(32)}`;
  return { id: `tok_${randomBytes(9).toString('base64url')}`, secret, prefix: secret.slice(0, 12), hash: hashToken(secret) };
}
