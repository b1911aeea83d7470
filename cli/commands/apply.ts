import fs from 'node:fs';
import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import type { ApplyResult, DocumentPlan } from '@/lib/contracts/yaml';
import { stringValue } from '../args';
import type { Command } from '../command';
import { badArguments } from '../exit-codes';
import { printJson } from '../output';
import { errorMessage, errorCode } from '@/lib/thrown';

export const applyCommand: Command = {
  name: 'apply',
  summary: 'apply YAML project documents, showing the diff (--dry-run writes nothing)',
  help: `favindex apply -f FILE [--dry-run]
favindex apply -f - [--dry-run]          (the YAML on stdin)

  Creates or updates each project named by metadata.name, all documents or none (§yaml). A
  document may say only what it changes, as kubectl apply: a field it leaves out keeps the
  project's value, a field it names (a list whole) replaces it. It prints what changed in each: the fields, the favourites pinned and unpinned, and the diff of
  its YAML. --dry-run prints the same and writes nothing. Scope for a token: config:write, and
  every document must name the token's own project.`,
  options: { file: { type: 'string', short: 'f' }, 'dry-run': { type: 'boolean' } },

  async run({ parsed, io, client }) {
    if (parsed.positionals.length > 0) throw badArguments(`apply takes its YAML with -f, not as arguments (got ${parsed.positionals.join(' ')})`);
    const file = stringValue(parsed.values.file);
    if (!file) throw badArguments('apply needs the YAML: -f FILE, or -f - to read stdin');
    let yaml: string;
    if (file === '-') yaml = await io.readStdin();
    else {
      try {
        yaml = fs.readFileSync(file, 'utf8');
      } catch (err) {
        throw badArguments(`cannot read ${file}: ${errorCode(err) === 'ENOENT' ? 'no such file' : errorMessage(err)}`);
      }
    }
    const dryRun = parsed.values['dry-run'] === true;
    const { data: result } = await client.call(
      YAML_ENDPOINTS.apply,
      {},
      { query: { dryRun: dryRun || undefined }, body: yaml, contentType: 'application/yaml' },
    );
    if (parsed.global.json) return printJson(io, result);
    io.stdout(describeResult(result, file));
  },
};

const MARK: Record<DocumentPlan['action'], string> = { create: '+', update: '~', unchanged: '=' };

function describeResult(result: ApplyResult, file: string): string {
  const { create, update, unchanged } = result.summary;
  const counts = `${create} to create, ${update} to update, ${unchanged} unchanged`;
  const lines = [
    result.dryRun
      ? `Dry run: ${counts}. Nothing was written.`
      : `Applied: ${counts.replace(/to (create|update)/g, (_, verb) => (verb === 'create' ? 'created' : 'updated'))}.`,
  ];
  for (const project of result.projects) {
    lines.push('', `${MARK[project.action]} ${project.name} (${project.action})`);
    for (const warning of project.warnings) lines.push(`    warning: ${warning.path}: ${warning.message}`);
    for (const change of project.changes) lines.push(`    ${change.path}: ${short(change.before)} → ${short(change.after)}`);
    const fav = project.favourites;
    if (fav) {
      const parts = [
        fav.added.length ? `pinned ${fav.added.join(', ')}` : '',
        fav.removed.length ? `unpinned ${fav.removed.join(', ')}` : '',
        fav.reordered ? 'reordered' : '',
      ].filter(Boolean);
      if (parts.length) lines.push(`    favourites: ${parts.join('; ')}`);
    }
    if (project.action !== 'unchanged' && project.diff)
      lines.push(
        ...project.diff
          .trimEnd()
          .split('\n')
          .map((line) => `    ${line}`),
      );
  }
  if (result.dryRun && create + update > 0) lines.push('', `To apply it: favindex apply -f ${file === '-' ? '<the same YAML>' : file}`);
  return `${lines.join('\n')}\n`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
