import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode, SPEC_RULES } from '@/lib/errors';
import { headingIds, sectionTables } from './markdown';

// docs/rules.md is where a `cited_rule` of an API error is looked up (/docs/rules#<id>).
const rules = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'rules.md'), 'utf8');

describe('docs/rules.md', () => {
  it('has an anchor for every rule an error may cite', () => {
    const ids = new Set(headingIds(rules));
    const missing = SPEC_RULES.map((rule) => rule.slice(1)).filter((id) => !ids.has(id));
    expect(missing, 'add a "## <Id>" section to docs/rules.md for each').toEqual([]);
  });

  it('documents every error code, with its HTTP status, once in the errors table', () => {
    const tables = sectionTables(rules, 'errors').filter((t) => t.header[0] === 'code' && t.header[1] === 'status');
    expect(tables, 'the errors section has one table headed | code | status | when | what to do |').toHaveLength(1);
    const documented = (tables[0]?.rows ?? []).map(([code = '', status, when = '', action = '']) => ({ code, status: Number(status), when, action }));
    const codes = Object.keys(ERROR_STATUS) as ErrorCode[];

    const missing = codes.filter((code) => !documented.some((d) => d.code === code));
    expect(missing, 'error codes missing from the table in docs/rules.md#errors').toEqual([]);
    const unknown = documented.filter((d) => !(d.code in ERROR_STATUS)).map((d) => d.code);
    expect(unknown, 'codes in the table that lib/errors.ts does not have').toEqual([]);
    const repeated = documented.map((d) => d.code).filter((code, i, all) => all.indexOf(code) !== i);
    expect(repeated).toEqual([]);

    for (const d of documented) {
      expect(d.status, `status of ${d.code}`).toBe(ERROR_STATUS[d.code as ErrorCode]);
      expect(d.when.length, `when ${d.code} happens`).toBeGreaterThan(0);
      expect(d.action.length, `what to do about ${d.code}`).toBeGreaterThan(0);
    }
  });
});
