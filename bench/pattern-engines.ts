/**
 * What RE2 (re2js, as the argument check runs every pattern) costs against the backtracking
 * engine ajv uses by default, on ordinary patterns of tool schemas: the same schema compiled by
 * two ajv instances that differ only in `code.regExp`, each call validated by both in
 * alternating passes, each validation timed alone. ajv's validate alone, so the engines are
 * what differs; what the whole check adds is the main bench's.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { linearRegExp } from '@/lib/arguments/pattern-engine';
import { percentile, round } from './surface-support';

const SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' },
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$' },
    sha: { type: 'string', pattern: '^[0-9a-f]{40}$' },
    path: { type: 'string', pattern: '^(/[A-Za-z0-9._-]+)+$' },
    labels: { type: 'object', patternProperties: { '^[a-z][a-z0-9_]*$': { type: 'string' } }, additionalProperties: false },
  },
};

const CALLS: Record<string, unknown>[] = [
  { id: 'repo-42', date: '2026-01-05', email: 'ada@example.com', sha: 'a'.repeat(40), path: '/src/lib/x.ts', labels: { team: 'core', tier: 'one' } },
  { id: 'Repo 42', date: '5 Jan', email: 'ada', sha: 'xyz', path: 'src', labels: { Team: 'core' } },
  { id: 'x'.repeat(64), date: '2026-12-31', email: 'someone.else@mail.example.org', sha: 'f'.repeat(40), path: `/${'dir/'.repeat(20)}file`, labels: {} },
];

const OPTIONS = { allErrors: true, strict: false, validateSchema: false, addUsedSchema: false, verbose: true, logger: false } as const;

export function patternEngines(rounds: number): Record<string, unknown> {
  const native = new Ajv2020(OPTIONS).compile(structuredClone(SCHEMA));
  const re2 = new Ajv2020({ ...OPTIONS, code: { regExp: linearRegExp } }).compile(structuredClone(SCHEMA));
  const time = (validate: (data: unknown) => boolean, call: unknown) => {
    const t0 = process.hrtime.bigint();
    validate(call);
    return Number(process.hrtime.bigint() - t0);
  };
  const nativeNs: number[] = [];
  const re2Ns: number[] = [];
  for (let r = 0; r < rounds + 100; r++) {
    for (const call of CALLS) {
      const a = time(native, call);
      const b = time(re2, call);
      if (r < 100) continue;
      nativeNs.push(a);
      re2Ns.push(b);
    }
  }
  const us = (ns: number[]) => {
    const sorted = ns.map((n) => n / 1000).sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)) };
  };
  const nativeUs = us(nativeNs);
  const re2Us = us(re2Ns);
  return { patterns: 6, calls: CALLS.length, samplesPerSide: nativeNs.length, nativeUs, re2Us, ratioP50: round(re2Us.p50 / nativeUs.p50) };
}
