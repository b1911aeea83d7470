'use client';

import { useState } from 'react';
import { RefusedNote } from '@/components/tokens/token-list';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { CommandBlock } from '@/components/ui/command-block';
import { useOrigin } from '@/components/ui/use-origin';
import { useWarnBeforeUnload } from '@/components/ui/use-warn-before-unload';
import type { TokenView } from '@/lib/contracts/tokens';
import { clientSnippets, type ProxyInstall, serversFileExample } from '@/lib/onboarding/proxy-config';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { TokenStep } from './token-step';

interface Props {
  id: string;
  install: ProxyInstall | null;
  token: string | null;
  onToken: (secret: string) => void;
  tokens: readonly TokenView[];
}

/** Where the checkout could not be found, the snippet still shows its shape. */
const UNKNOWN_INSTALL: ProxyInstall = { node: 'node', cli: '/path/to/favindex/bin/favindex.mjs', serversFile: '/home/you/.favindex/servers.json' };

/** Step 1 of a new project: a token, a servers file and the client's config, all filled in for this project and server. */
export function ConnectProxyStep({ id, install, token, onToken, tokens }: Props) {
  const origin = useOrigin();
  const snippets = clientSnippets({ install: install ?? UNKNOWN_INSTALL, origin, projectId: id, token });
  const [label, setLabel] = useState(snippets[0]?.label ?? '');
  const snippet = snippets.find((s) => s.label === label) ?? snippets[0];
  const active = tokens.filter((t) => !t.revokedAt);
  const refused = active.filter((t) => t.refused);
  const paths = install ?? UNKNOWN_INSTALL;
  useWarnBeforeUnload(token !== null);
  return (
    <>
      <p className="small">
        <code>favindex proxy</code> is an MCP server your client starts in place of your MCP servers: it starts them, uploads their tools as this project’s
        catalog, shows the model the favourites, and sends favindex one event per call.
      </p>
      {token ? (
        <p className="small" data-testid="proxy-token-made">
          A token for a proxy ({PROXY_SCOPES.join(', ')}) is in the config below. Its secret is shown only on this page, once: copy the config now, as leaving
          or reloading the page loses it (you would make another token).
        </p>
      ) : (
        <TokenStep id={id} activeNames={active.map((t) => t.name)} onToken={onToken} />
      )}
      {refused.map((t) => (
        <p key={t.id} className="small" data-testid="first-run-refused">
          Token “{t.name}”: {t.refused ? <RefusedNote refused={t.refused} /> : null}
        </p>
      ))}
      <h4>The servers file</h4>
      <p className="small">
        Move your MCP servers from the client’s config into <code>{paths.serversFile}</code>, in the same format. To try it first, this one starts the memory
        server from npm:
      </p>
      <CommandBlock command={serversFileExample()} label="The servers file" testId="servers-file" />
      <h4>The client’s config</h4>
      <ChoiceSelect label="Client" value={snippet?.label ?? ''} choices={snippets.map((s) => s.label)} onChange={setLabel} />
      {snippet ? (
        <>
          <p className="small muted">
            In <code>{snippet.where}</code>
            {snippet.language === 'sh' ? ' (it writes the entry for you)' : ''}, in place of the servers it had:
          </p>
          <CommandBlock command={snippet.text} label={`The ${snippet.label} config`} testId="proxy-snippet" />
        </>
      ) : null}
      <p className="small muted">
        {install
          ? `It runs favindex from where this server is installed (${paths.cli}), with the node that runs it: no npm link needed. On another machine, put that machine’s checkout there.`
          : 'This server was not started from its checkout, so the path to bin/favindex.mjs is left for you to fill in.'}{' '}
        Then restart the client and ask its model to use one of the tools.
      </p>
    </>
  );
}
