import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenSchema, DEFAULT_TOKEN_SCOPES, PROXY_SCOPES, TOKEN_SCOPES } from '@/lib/schemas/tokens';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The scopes named in the sentence (or, with `lineOnly`, the line) of `file` that starts at `anchor`. */
function scopesNear(file: string, anchor: string, lineOnly = false): string[] {
  const text = read(file);
  const at = text.indexOf(anchor);
  if (at < 0) throw new Error(`${file} no longer says ${JSON.stringify(anchor)}: say what a proxy needs there again, or move this check`);
  const rest = text.slice(at + anchor.length);
  const end = rest.search(lineOnly ? /\n/ : /[.:]\n|\. |\n\n/);
  const sentence = anchor + rest.slice(0, end < 0 ? undefined : end);
  return TOKEN_SCOPES.filter((scope) => sentence.includes(scope));
}

/**
 * Every place that tells what a proxy's token holds. A place that drifts (a scope dropped, or one
 * more) would send users back to a proxy whose catalog upload is refused.
 */
const PLACES: [file: string, anchor: string, lineOnly?: boolean][] = [
  ['README.md', 'goes in `FAVINDEX_TOKEN`, with'],
  ['README.md', 'A token made\nwithout `scopes` gets what a proxy needs'],
  ['README.md', 'an MCP server for your client (above)', true],
  ['docs/rules.md', 'A token made without `scopes` gets what `favindex proxy` needs'],
  ['docs/guide.md', "A token created without `scopes` gets a proxy's three"],
  ['docs/integrations.md', 'A token needs'],
];

describe('what a proxy needs is said one way', () => {
  it('is the default of a token made without scopes', () => {
    expect(DEFAULT_TOKEN_SCOPES).toEqual(PROXY_SCOPES);
    expect(createTokenSchema.parse({ name: 'proxy' }).scopes).toEqual([...PROXY_SCOPES]);
  });

  it.each(PLACES)('%s names exactly PROXY_SCOPES where it says %j', (file, anchor, lineOnly) => {
    expect(new Set(scopesNear(file, anchor, lineOnly))).toEqual(new Set(PROXY_SCOPES));
  });

  it("is what the first-run step and the Tokens tab make and the proxy's help names, by name, not by a list of their own", () => {
    for (const file of ['components/onboarding/token-step.tsx', 'components/tokens/create-token-form.tsx', 'cli/commands/proxy.ts']) {
      const source = read(file);
      expect(source, file).toContain('PROXY_SCOPES');
      // A scope written out by hand in either would be a second definition.
      for (const scope of TOKEN_SCOPES) expect(source, `${file} spells out ${scope}`).not.toContain(`'${scope}'`);
    }
  });
});
