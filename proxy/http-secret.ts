import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errorMessage, errorCode } from '@/lib/thrown';

/** The environment variable that gives the HTTP listener its secret instead of a file. */
export const SECRET_ENV = 'FAVINDEX_PROXY_SECRET';
/** Shorter than this is no secret worth the name (a generated one is 48 characters). */
export const MIN_SECRET_LENGTH = 32;
const MAX_SECRET_LENGTH = 512;
/** RFC 6750's b64token: what can stand after `Bearer ` in a header as it is. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Where the secret comes from: a file (kept or made there) or the environment variable. */
export type SecretSource = { file: string } | { env: string };

export interface HttpSecret {
  value: string;
  /** True when this start made it: the only time it is shown. */
  made: boolean;
  /** Where a user finds it: the file, or the environment variable's name. */
  where: string;
}

/** A secret that cannot be used as it is; the message says why and what to do. */
export class HttpSecretError extends Error {}

/**
 * The bearer secret of `--listen`: the environment variable's value, else the file's, else a new
 * one (256 random bits, base64url) written to the file with mode 0600. A file that others may
 * read is refused rather than fixed: whoever read it can still use it, so the user decides
 * between a new secret and chmod.
 */
export function loadHttpSecret(source: SecretSource): HttpSecret {
  if ('env' in source)
    return { value: checked(source.env.trim(), SECRET_ENV, `set it to one made with \`openssl rand -hex 32\``), made: false, where: SECRET_ENV };
  const file = source.file;
  const existing = readPrivate(file);
  if (existing !== null) return { value: checked(existing, file, FILE_HINT), made: false, where: file };
  return { ...create(file), where: file };
}

/** Whether `header` (an Authorization header) carries `secret`; the time it takes does not depend on how much of it matches. */
export function bearerMatches(header: string | undefined, secret: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  // Equal-length digests, so timingSafeEqual compares every byte whatever was sent.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(secret));
}

const FILE_HINT = 'delete the file and a new one is made at the next start, or write one there made with `openssl rand -hex 32`';

function checked(value: string, where: string, hint: string): string {
  if (value.length < MIN_SECRET_LENGTH || value.length > MAX_SECRET_LENGTH || !B64TOKEN.test(value)) {
    throw new HttpSecretError(
      `the HTTP secret in ${where} is not usable: it must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters of A-Z a-z 0-9 - . _ ~ + / ` +
        `(as a header takes them): ${hint}`,
    );
  }
  return value;
}

/** The file's secret, or null when there is no file; refuses a file others may read or that another user owns. */
function readPrivate(file: string): string | null {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink planted in the state folder does not get another file read as the secret.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    if (errorCode(err) === 'ELOOP')
      throw new HttpSecretError(`${file} is a symbolic link: the HTTP secret must be a plain file. Remove it; a new one is made at the next start`);
    throw new HttpSecretError(`cannot read the HTTP secret in ${file}: ${errorMessage(err)}`);
  }
  try {
    const stat = fs.fstatSync(fd);
    // Windows has no such modes; there the folder's ACL is what protects it.
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
        throw new HttpSecretError(
          `${file} belongs to another user (uid ${stat.uid}): the HTTP secret must be your own file. Remove it; a new one is made at the next start`,
        );
      }
      if ((stat.mode & 0o077) !== 0) {
        const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
        throw new HttpSecretError(
          `${file} can be read by other users (mode ${mode}), and whoever read it can call your tools through this proxy. ` +
            `Delete it to get a new secret at the next start (then give clients the new one), or, if no one else could have read it, \`chmod 600 ${file}\``,
        );
      }
    }
    return fs.readFileSync(fd, 'utf8').trim();
  } finally {
    fs.closeSync(fd);
  }
}

/** A new secret in `file`, which is never readable by anyone else, not even while it is written. */
function create(file: string): { value: string; made: boolean } {
  const secret = `fvxp_${randomBytes(32).toString('base64url')}`;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole to a private temporary file, then linked into place: a second proxy starting at
  // the same moment either wins or finds this one complete, never half written.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if (errorCode(err) !== 'EEXIST') throw err;
    const theirs = readPrivate(file);
    if (theirs !== null) return { value: checked(theirs, file, FILE_HINT), made: false };
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return { value: secret, made: true };
}
