'use client';

import { PageLink } from '@/components/ui/page-link';
import { CommandBlock } from '@/components/ui/command-block';
import { useOrigin } from '@/components/ui/use-origin';
import { catalogPushCommand, shellQuote } from '@/lib/onboarding/first-event';
import type { ProxyInstall } from '@/lib/onboarding/proxy-config';
import { FirstEventCommand } from './first-event-command';

/** For a team without a proxy: upload the catalog and send events from its own agent; folded, since the proxy does both. */
export function NoProxy({ id, install, token }: { id: string; install: ProxyInstall | null; token: string | null }) {
  const origin = useOrigin();
  const base = `/projects/${encodeURIComponent(id)}`;
  const cli = install ? `${shellQuote(install.node)} ${shellQuote(install.cli)}` : 'npx favindex';
  return (
    <details data-testid="no-proxy">
      <summary className="small">No proxy? Upload the catalog and send the events yourself</summary>
      <p className="small">
        The catalog: on the <PageLink href={`${base}/catalog`}>Catalog tab</PageLink>, sync a server from its MCP URL or upload the JSON it answers to{' '}
        <code>tools/list</code>. Or read a local (stdio) server from a shell:
      </p>
      <CommandBlock command={catalogPushCommand(origin, id, cli)} label="The catalog push command" />
      <p className="small">The events: one per tool call, as this sample is.</p>
      <FirstEventCommand id={id} token={token} />
    </details>
  );
}
