import { EncodedJson } from '@/lib/api/encoded-json';
import type { ModePreview, PreviewResponse, PreviewTool } from '@/lib/contracts/preview';
import { BoundedMap } from '@/lib/bounded-map';
import { kept } from '@/lib/kept';

/**
 * A tool's description and schema as JSON (`,"description":…,"inputSchema":…`), encoded once:
 * keyed by the schema object, which lives as long as the prepared catalog of its catalog version,
 * and the description. Every mode, client, naming and target of that catalog reuses the bytes; a
 * new catalog version brings new schema objects, so nothing stale is ever served.
 */
const bodies = new WeakMap<object, Map<string, Buffer<ArrayBuffer>>>();

function bodyBytes(description: string, inputSchema: Record<string, unknown>): Buffer<ArrayBuffer> {
  return kept(
    kept(bodies, inputSchema, () => new Map()),
    description,
    () => Buffer.from(`,"description":${JSON.stringify(description)},"inputSchema":${JSON.stringify(inputSchema)}`),
  );
}

/** Collects the answer as strings and ready-made byte runs, in order. */
class Bytes {
  private readonly pieces: (string | Buffer<ArrayBuffer>)[] = [];
  private text = '';

  add(text: string): void {
    this.text += text;
  }

  addBytes(bytes: Buffer<ArrayBuffer>): void {
    if (this.text !== '') this.pieces.push(this.text);
    this.text = '';
    this.pieces.push(bytes);
  }

  /** The pieces as buffers, to be written in order. */
  done(): Buffer<ArrayBuffer>[] {
    return this.close().map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece));
  }

  /**
   * The pieces in one buffer, written straight into it: a list of 10,000 tools is some 60,000
   * pieces, and a buffer made for each only to be copied again cost more than encoding them.
   */
  join(): Buffer<ArrayBuffer> {
    const pieces = this.close();
    let length = 0;
    for (const piece of pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
    const joined = Buffer.allocUnsafe(length);
    let at = 0;
    for (const piece of pieces) {
      if (typeof piece === 'string') at += joined.write(piece, at);
      else {
        joined.set(piece, at);
        at += piece.length;
      }
    }
    return joined;
  }

  private close(): (string | Buffer<ArrayBuffer>)[] {
    if (this.text !== '') this.pieces.push(this.text);
    this.text = '';
    return this.pieces;
  }
}

const quotedKeys = new Map<string, string>();
/** A key, or a value of a few (a tool's source), as JSON. */
function quoted(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    if (quotedKeys.size < 1_000) quotedKeys.set(key, q);
  }
  return q;
}

/** `"key":value` pairs as JSON.stringify writes them (keys whose value it leaves out skipped), each after `sep`. */
function members(tool: Record<string, unknown>, keys: readonly string[], first: boolean): string {
  let text = '';
  let sep = first ? '' : ',';
  for (const key of keys) {
    const value = JSON.stringify(tool[key]);
    if (value === undefined) continue;
    text += `${sep}${quoted(key)}:${value}`;
    sep = ',';
  }
  return text;
}

/** One tool as JSON.stringify writes it, its description and schema from the cache. */
function writeTool(out: Bytes, tool: PreviewTool): void {
  // Reads the tool's own keys in their order, as JSON.stringify does; any object can be read so.
  const record = tool as Record<string, unknown>;
  const keys = Object.keys(record);
  const at = keys.indexOf('description');
  const { description, inputSchema } = tool;
  if (at < 1 || keys[at + 1] !== 'inputSchema' || typeof description !== 'string' || !isPlainObject(inputSchema)) {
    out.add(JSON.stringify(tool));
    return;
  }
  const head = headOf(record, keys, at);
  if (head === '') {
    out.add(JSON.stringify(tool));
    return;
  }
  out.add(`{${head}`);
  out.addBytes(bodyBytes(description, inputSchema));
  out.add(tailOf(record, keys, at + 2));
}

/**
 * The members before the description: written straight for the keys a preview tool has there
 * (name, presented when the client renamed it, canonical, source), else by members().
 */
function headOf(record: Record<string, unknown>, keys: readonly string[], at: number): string {
  const { name, presented, canonical, source } = record;
  if (
    typeof name === 'string' &&
    typeof source === 'string' &&
    (canonical === null || typeof canonical === 'string') &&
    keys[0] === 'name' &&
    keys[at - 2] === 'canonical' &&
    keys[at - 1] === 'source'
  ) {
    const rest = `"canonical":${canonical === null ? 'null' : JSON.stringify(canonical)},"source":${quoted(source)}`;
    if (at === 3) return `"name":${JSON.stringify(name)},${rest}`;
    if (at === 4 && keys[1] === 'presented' && typeof presented === 'string')
      return `"name":${JSON.stringify(name)},"presented":${JSON.stringify(presented)},${rest}`;
  }
  return members(record, keys.slice(0, at), true);
}

/**
 * The members after the schema, with the closing brace: its marks, each kept as text (a rule or
 * a cap marks thousands of tools with one shared mark), then its level (visibility, why, cut),
 * one of a few per list, written once; anything else by members().
 */
function tailOf(record: Record<string, unknown>, keys: readonly string[], from: number): string {
  const { marks, visibility, why, cut } = record;
  let at = from;
  let text = '';
  if (keys[at] === 'marks') {
    const written = Array.isArray(marks) ? marksText(marks) : null;
    if (written === null) return `${members(record, keys.slice(from), false)}}`;
    text = `,"marks":${written}`;
    at++;
  }
  const rest = keys.length - at;
  if (rest === 0) return `${text}}`;
  if (
    typeof visibility === 'string' &&
    typeof why === 'string' &&
    keys[at] === 'visibility' &&
    keys[at + 1] === 'why' &&
    (rest === 2 || (rest === 3 && keys[at + 2] === 'cut' && cut === true))
  ) {
    return text + levelTail(visibility, why, rest === 3);
  }
  return `${members(record, keys.slice(from), false)}}`;
}

/** Marks as JSON per kind and message: a rule or a cap marks thousands of tools with one message. */
const markTexts = new Map<string, Map<string, string>>();
const MAX_MARK_TEXTS = 20_000;
let markTextCount = 0;

/** A tool's marks as JSON.stringify writes them, or null when one is not a `{ kind, message }` of strings. */
function marksText(marks: readonly unknown[]): string | null {
  let text = '[';
  for (const [i, mark] of marks.entries()) {
    if (!isPlainObject(mark)) return null;
    const { kind, message } = mark;
    const keys = Object.keys(mark);
    if (typeof kind !== 'string' || typeof message !== 'string' || keys.length !== 2 || keys[0] !== 'kind' || keys[1] !== 'message') return null;
    let byMessage = markTexts.get(kind);
    if (!byMessage) {
      byMessage = new Map();
      markTexts.set(kind, byMessage);
    }
    let one = byMessage.get(message);
    if (one === undefined) {
      one = `{"kind":${JSON.stringify(kind)},"message":${JSON.stringify(message)}}`;
      if (markTextCount >= MAX_MARK_TEXTS) {
        markTexts.clear();
        markTextCount = 0;
        markTexts.set(kind, byMessage);
        byMessage.clear();
      }
      byMessage.set(message, one);
      markTextCount++;
    }
    text += i === 0 ? one : `,${one}`;
  }
  return `${text}]`;
}

/** Per why (a few strings, shared by the tools of a list), per visibility and cut. */
const levelTails = new Map<string, Map<string, string>>();
function levelTail(visibility: string, why: string, cut: boolean): string {
  let byLevel = levelTails.get(why);
  if (!byLevel) {
    if (levelTails.size >= 1_000) levelTails.clear();
    byLevel = new Map();
    levelTails.set(why, byLevel);
  }
  const slot = cut ? `${visibility}+cut` : visibility;
  let tail = byLevel.get(slot);
  if (tail === undefined) {
    tail = `,"visibility":${JSON.stringify(visibility)},"why":${JSON.stringify(why)}${cut ? ',"cut":true' : ''}}`;
    byLevel.set(slot, tail);
  }
  return tail;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  // Sound: checked to be an object in the same expression.
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * A mode's tools encoded, kept by the tools array: a mode preview asked for again shares its
 * tools (lib/surface/preview.ts keeps them, never changed once made), so the same list is not
 * encoded twice. Bounded by bytes: the lists of one or two full 10,000-tool previews.
 */
const encodedLists = new BoundedMap<readonly PreviewTool[], Buffer<ArrayBuffer>>(64 * 1024 * 1024, (bytes) => bytes.length);

function toolsBytes(tools: readonly PreviewTool[]): Buffer<ArrayBuffer> {
  const hit = encodedLists.get(tools);
  if (hit) return hit;
  const out = new Bytes();
  for (const [i, tool] of tools.entries()) {
    if (i > 0) out.add(',');
    writeTool(out, tool);
  }
  const encoded = out.join();
  encodedLists.set(tools, encoded);
  return encoded;
}

function writeMode(out: Bytes, mode: ModePreview): void {
  const shell = JSON.stringify({ ...mode, tools: [] });
  const end = '"tools":[]}';
  if (!shell.endsWith(end) || Object.keys(mode).at(-1) !== 'tools') {
    out.add(JSON.stringify(mode));
    return;
  }
  out.add(shell.slice(0, -2));
  out.addBytes(toolsBytes(mode.tools));
  out.add(']}');
}

/** The preview answer as its endpoint sends it: previewResponseParts, typed by the answer they encode. */
export function encodedPreviewResponse(response: PreviewResponse): EncodedJson<PreviewResponse> {
  return EncodedJson.of(response, previewResponseParts);
}

/** The preview answer as one run of bytes: previewResponseParts joined. */
export function previewResponseBytes(response: PreviewResponse): Buffer<ArrayBuffer> {
  return Buffer.concat(previewResponseParts(response));
}

/**
 * The preview answer as the bytes of `JSON.stringify(response)`, exactly, in parts to be written
 * in order (joining 25 MB only to write it out again is a copy for nothing), without encoding
 * the tools' descriptions and schemas again: those are most of the answer at 10,000 tools and
 * the same for every client, naming, mode and target of a catalog version. The parts are shared
 * with later answers: write them, never change them.
 */
export function previewResponseParts(response: PreviewResponse): Buffer<ArrayBuffer>[] {
  const out = new Bytes();
  const shell = JSON.stringify({ ...response, modes: [] });
  if (!shell.endsWith('"modes":[]}') || Object.keys(response).at(-1) !== 'modes') return [Buffer.from(JSON.stringify(response))];
  out.add(shell.slice(0, -2));
  for (const [i, mode] of response.modes.entries()) {
    if (i > 0) out.add(',');
    writeMode(out, mode);
  }
  out.add(']}');
  return out.done();
}
