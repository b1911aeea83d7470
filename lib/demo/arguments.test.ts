import { describe, expect, it } from 'vitest';
import { classesOf } from '@/lib/arguments/classes';
import { compileToolSchema } from '@/lib/arguments/check';
import { canonical } from '@/lib/names/canonical';
import { seededRandom } from '@/lib/stats/random';
import { demoArguments, type Mistake, mistaken, validArguments } from './arguments';
import { DEMO_SERVERS } from './catalogs';

const tools = DEMO_SERVERS.flatMap((s) =>
  s.tools.map((t) => ({ name: canonical(s.server, t.name), schema: t.inputSchema, check: compileToolSchema(t.inputSchema) })),
);

function problemsOf(tool: (typeof tools)[number], args: unknown) {
  if (!tool.check.ok) throw new Error(`${tool.name}: ${tool.check.reason}`);
  return tool.check.check(args).problems ?? [];
}

describe('the demo arguments', () => {
  it('are what each catalog tool’s inputSchema accepts when no mistake is made', () => {
    const rand = seededRandom(7);
    for (const tool of tools) {
      for (let i = 0; i < 20; i++) expect(problemsOf(tool, validArguments(tool.schema, rand)), tool.name).toEqual([]);
    }
  });

  it('each mistake is found by the check as its class, and a wrong key is traced to the key it stood for', () => {
    const rand = seededRandom(11);
    const expected: Record<Mistake, string> = {
      near_key: 'unexpected_param',
      wrong_type: 'type_error',
      missing_required: 'missing_required',
      wrong_value: 'value_error',
    };
    const found = new Map<Mistake, number>();
    const suggestions = new Set<string>();
    for (const tool of tools) {
      for (const kind of Object.keys(expected) as Mistake[]) {
        const wrong = mistaken(validArguments(tool.schema, rand), tool.schema, kind, rand);
        if (!wrong) continue;
        const problems = problemsOf(tool, wrong);
        expect(classesOf(problems), `${tool.name} ${kind} ${JSON.stringify(wrong)}`).toContain(expected[kind]);
        found.set(kind, (found.get(kind) ?? 0) + 1);
        for (const p of problems) if (p.suggestion) suggestions.add(`${tool.name} ${p.path} → ${p.suggestion}`);
      }
    }
    // Every kind has tools to happen on, and most wrong keys are near enough to name the real one.
    for (const kind of Object.keys(expected) as Mistake[]) expect(found.get(kind) ?? 0, kind).toBeGreaterThan(3);
    expect(suggestions.size).toBeGreaterThan((found.get('near_key') ?? 0) / 2);
  });

  it('smaller models make more mistakes, scripts none, and the same seed gives the same calls', () => {
    const rate = (model: string) => {
      const rand = seededRandom(3);
      let wrong = 0;
      for (let i = 0; i < 4000; i++) if (demoArguments(tools[i % tools.length]!.schema, model, rand).mistake) wrong++;
      return wrong / 4000;
    };
    expect(rate('none')).toBe(0);
    expect(rate('claude-sonnet-4.6')).toBeGreaterThan(0.005);
    expect(rate('llama-4-scout')).toBeGreaterThan(3 * rate('claude-sonnet-4.6'));
    const twice = [seededRandom(5), seededRandom(5)].map((rand) => tools.map((t) => demoArguments(t.schema, 'gpt-5.4-mini', rand)));
    expect(twice[0]).toEqual(twice[1]);
  });
});
