import fs from 'node:fs';
import { pathOf } from '@/lib/api/endpoint';
import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { projectDocumentSchema } from '@/lib/contracts/yaml';
import { stringValue } from '../args';
import type { Command } from '../command';
import { badArguments, CliError, EXIT } from '../exit-codes';
import { printJson } from '../output';
import { errorMessage } from '@/lib/thrown';

export const exportCommand: Command = {
  name: 'export',
  summary: 'export one project (or --all) as YAML',
  help: `favindex export --project P [-o FILE]
favindex export --all [-o FILE]

  The project's YAML document (§yaml), or every project's separated by ---, on stdout or into
  FILE. Edit it and \`favindex apply -f FILE\`. Exporting every project needs the admin (local
  mode or the dashboard login); one project needs a token with config:read.`,
  options: { all: { type: 'boolean' }, output: { type: 'string', short: 'o' } },

  async run({ parsed, io, client }) {
    if (parsed.positionals.length > 0) throw badArguments(`export takes no arguments (got ${parsed.positionals.join(' ')})`);
    const all = parsed.values.all === true;
    // --all wins over a FAVINDEX_PROJECT from the environment, but not over an explicit --project.
    if (all && stringValue(parsed.values.project)) throw badArguments('give either --project or --all');
    const project = all ? null : parsed.global.project;
    if (!all && !project) throw badArguments('export which project? give --project <id> (or set FAVINDEX_PROJECT), or --all for every project');
    const path = project ? pathOf(YAML_ENDPOINTS.exportProject, { id: project }) : pathOf(YAML_ENDPOINTS.exportAll, {});
    const answer = await client.requestDocuments(path, projectDocumentSchema);
    const yaml = answer.text;
    const names = answer.documents.map((d) => d.metadata.name);
    const output = stringValue(parsed.values.output);
    if (output) {
      try {
        fs.writeFileSync(output, yaml);
      } catch (err) {
        throw new CliError(EXIT.API_ERROR, `cannot write ${output}: ${errorMessage(err)}`);
      }
    }
    if (parsed.global.json) return printJson(io, { projects: names, ...(output ? { file: output } : { yaml }) });
    if (output) io.stderr(`wrote ${names.length} project${names.length === 1 ? '' : 's'} (${names.join(', ')}) to ${output}\n`);
    else io.stdout(yaml);
  },
};
