import type { CatalogTool } from '@/lib/schemas/catalog';
import { isObject } from '@/lib/records';
import { searchWords } from '@/lib/surface/retrieve';

/**
 * A tool's shape: the top-level properties of its input (and output) schema as normalised
 * `name:type` marks, so `perPage: number` and `per_page: number` are one mark. Two tools are of
 * one shape when most of their marks are shared (Jaccard), not only when they are equal (#49).
 */
export interface Shape {
  /** Input property names as the tool spells them, in schema order. */
  names: string[];
  /** Input marks `name:type` and output marks `out.name:type`, each once, sorted. */
  marks: string[];
  /** Normalised names of the required input properties, sorted. */
  required: string[];
}

/** At least this share of marks in common makes two tools one shape. */
export const SAME_SHAPE = 0.5;

function typeOf(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) return 'enum';
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.filter((t) => t !== 'null').join('|') || 'any';
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return 'union';
  return 'any';
}

/** Property names repeat across a catalog's tools (owner, repo, page…): each is split into words once. */
const normalisedNames = new Map<string, string>();
const MAX_NORMALISED = 50_000;

function normalised(name: string): string {
  let words = normalisedNames.get(name);
  if (words === undefined) {
    words = searchWords(name).join('_') || name;
    if (normalisedNames.size >= MAX_NORMALISED) normalisedNames.clear();
    normalisedNames.set(name, words);
  }
  return words;
}

function propertiesOf(schema: unknown): [string, unknown][] {
  return isObject(schema) && isObject(schema.properties) ? Object.entries(schema.properties) : [];
}

export function shapeOf(tool: CatalogTool): Shape {
  const input = propertiesOf(tool.inputSchema);
  const marks = new Set(input.map(([name, schema]) => `${normalised(name)}:${typeOf(schema)}`));
  for (const [name, schema] of propertiesOf(tool.outputSchema)) marks.add(`out.${normalised(name)}:${typeOf(schema)}`);
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.filter((r): r is string => typeof r === 'string') : [];
  return { names: input.map(([name]) => name), marks: [...marks].sort(), required: [...new Set(required.map(normalised))].sort() };
}

/** Shared marks over all marks of the two; two tools that take nothing and return nothing declared are one shape. */
export function shapeSimilarity(a: Shape, b: Shape): number {
  if (a.marks.length === 0 && b.marks.length === 0) return 1;
  let shared = 0;
  let i = 0;
  let j = 0;
  // Both lists are sorted: one merge pass.
  while (i < a.marks.length && j < b.marks.length) {
    const x = a.marks[i] ?? '';
    const y = b.marks[j] ?? '';
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared / (a.marks.length + b.marks.length - shared);
}

/** The input property names every one of the shapes has, in the first one's order. */
export function commonInput(shapes: readonly Shape[]): string[] {
  const [first, ...rest] = shapes;
  if (!first) return [];
  const sets = rest.map((s) => new Set(s.names.map(normalised)));
  return first.names.filter((name) => sets.every((set) => set.has(normalised(name))));
}

/** Whether every shape has the same marks. */
export function oneShape(shapes: readonly Shape[]): boolean {
  const key = shapes[0]?.marks.join(',');
  return shapes.every((s) => s.marks.join(',') === key);
}

/** `{owner, repo, issue_number}`, at most five names, then `…`. */
export function shapeText(names: readonly string[]): string {
  return `{${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}}`;
}
