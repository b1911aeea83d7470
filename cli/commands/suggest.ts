import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { optionalInteger, requireProject, stringValue, windowDays } from '../args';
import type { Command } from '../command';
import { percent, printJson, shellQuote, table } from '../output';

export const suggestCommand: Command = {
  name: 'suggest',
  summary: 'rank the most used tools (★ = pinned now) and say how to pin them',
  help: `favindex suggest --project P [--top N] [--window DAYS] [--until DATE] [--yaml | --json]

  The top N tools of the last DAYS days (default: the project's maxFavourites, 30 days), ★ on
  those pinned now, what to add and remove, and the command that applies the suggestion. Calls
  the tool policy refused are counted apart from calls; a tool it denies to some identities says
  to whom, and one it denies to every identity is not suggested (listed below the table).
  --yaml prints only the project YAML that applies it, for \`favindex apply -f -\`.
  Scope for a token: usage:read.`,
  options: { top: { type: 'string' }, window: { type: 'string' }, until: { type: 'string' }, yaml: { type: 'boolean' } },

  async run({ parsed, io, client }) {
    const project = requireProject(parsed.global);
    const top = stringValue(parsed.values.top);
    const days = windowDays(parsed.values.window, 365);
    const answer = await client.call(
      USAGE_ENDPOINTS.suggestions,
      { id: project },
      {
        query: {
          top: optionalInteger(parsed.values, 'top', 1, 128),
          window: days === undefined ? undefined : `${days}d`,
          until: stringValue(parsed.values.until),
        },
      },
    );
    const suggestion = answer.data;
    if (parsed.values.yaml) return io.stdout(suggestion.yaml);
    if (parsed.global.json) return printJson(io, suggestion);

    const { window } = suggestion;
    const lines = [`Suggested favourites for ${project}: ${window.days} days, ${window.from} to ${window.to} (★ = pinned now)`];
    const withheld = suggestion.withheld.map((w) => `${w.tool} (${w.calls} calls, ${w.refusals} refused)`);
    const withheldLine = `Not suggested, denied to every identity by the tool policy: ${withheld.join(', ')}`;
    if (suggestion.suggested.length === 0) {
      lines.push('', 'No attributed tool calls in this window: nothing to suggest. Send events first, or widen --window.');
      if (withheld.length > 0) lines.push(withheldLine);
      return io.stdout(`${lines.join('\n')}\n`);
    }
    // Refusals get a column only when there are some: they are counted apart from the calls.
    const refused = suggestion.suggested.some((s) => s.refusals > 0);
    const rows = [['#', '★', 'tool', 'calls', ...(refused ? ['refused'] : []), 'share']];
    for (const [i, s] of suggestion.suggested.entries()) {
      const notes = [...(s.inCatalog ? [] : ['not in catalog']), ...(s.deniedTo.length > 0 ? [`denied to ${s.deniedTo.join(', ')}`] : [])];
      const tool = s.tool + (notes.length > 0 ? `  (${notes.join('; ')})` : '');
      rows.push([String(i + 1), s.pinned ? '★' : '', tool, String(s.calls), ...(refused ? [String(s.refusals)] : []), percent(s.share)]);
    }
    lines.push('', table(rows, [true, false, false, true, ...(refused ? [true] : []), true]), '');
    if (withheld.length > 0) lines.push(withheldLine, '');
    if (suggestion.add.length === 0 && suggestion.remove.length === 0 && suggestion.favouriteIndex.maxFavourites === suggestion.maxFavourites) {
      lines.push('The favourites already hold exactly these tools.');
      return io.stdout(`${lines.join('\n')}\n`);
    }
    lines.push(`Add (${suggestion.add.length}): ${suggestion.add.join(', ') || '—'}`);
    lines.push(`Remove (${suggestion.remove.length}): ${suggestion.remove.join(', ') || '—'}`);
    if (suggestion.favouriteIndex.maxFavourites > suggestion.maxFavourites) {
      lines.push(`maxFavourites: ${suggestion.maxFavourites} → ${suggestion.favouriteIndex.maxFavourites}`);
    }
    // The same suggestion again (an explicit --url carried over; the token stays in the environment).
    const url = stringValue(parsed.values.url) ? ['--url', parsed.global.url] : [];
    const until = stringValue(parsed.values.until);
    const again = [
      'favindex',
      'suggest',
      '--project',
      project,
      ...(top ? ['--top', top] : []),
      ...(days ? ['--window', String(days)] : []),
      ...(until ? ['--until', until] : []),
      ...url,
    ];
    const file = `${project}.suggested.yaml`;
    const apply = ['favindex', 'apply', '-f', file, ...url].map(shellQuote).join(' ');
    lines.push('', 'To apply it: save the YAML, review the diff, then apply that same file:');
    lines.push(`  ${again.map(shellQuote).join(' ')} --yaml > ${shellQuote(file)}`);
    lines.push(`  ${apply} --dry-run`);
    lines.push(`  ${apply}`);
    io.stdout(`${lines.join('\n')}\n`);
  },
};
