'use client';

import { useProxiesQuery } from '@/components/api/use-proxies-query';
import { Card, CardHeader } from '@/components/ui/card';
import { CommandBlock } from '@/components/ui/command-block';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLink } from '@/components/ui/page-link';
import { QueryView } from '@/components/ui/query-view';
import { Stack } from '@/components/ui/stack';
import { useOrigin } from '@/components/ui/use-origin';
import type { ProxyList } from '@/lib/contracts/proxies';
import { countOf } from '@/lib/format';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { ProxyCard } from './proxy-card';

/**
 * The proxies that reported themselves: what each runs and presents, connected ones first. While
 * one is connected, the header, the preview and the verdicts count only what the proxies run.
 */
export function ProxiesPage({ projectId }: { projectId: string }) {
  const proxies = useProxiesQuery(projectId);
  return (
    <QueryView query={proxies} loadingLabel="Loading proxies" loadingRows={4} loadingInCard>
      {(data) => (
        <Stack>
          {data.proxies.some((p) => p.connected) ? null : <NoProxyConnected projectId={projectId} data={data} />}
          {data.proxies.map((proxy) => (
            <ProxyCard key={proxy.id} projectId={projectId} proxy={proxy} />
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

function NoProxyConnected({ projectId, data }: { projectId: string; data: ProxyList }) {
  const origin = useOrigin();
  const seconds = Math.round(data.connectedWithinMs / 1000);
  const command = `favindex proxy --project ${projectId} --url ${origin} --token <token> --config servers.json`;
  return (
    <Card aria-labelledby="no-proxy-heading" data-testid="no-proxy">
      <CardHeader
        id="no-proxy-heading"
        title="No proxy connected"
        note={data.proxies.length ? `${countOf(data.proxies.length, 'proxy', 'proxies')} seen before` : null}
      />
      <EmptyState>
        <p>
          No <span className="mono">favindex proxy</span> has reported in the last {seconds} s, so the header and the preview count every uploaded server,
          whether or not a client receives its tools.
        </p>
        <p>
          Start the proxy in your MCP client's config in place of its servers, with a token holding {PROXY_SCOPES.join(', ')} (make one under{' '}
          <PageLink href={`/projects/${encodeURIComponent(projectId)}/tokens`}>Tokens</PageLink>). It shows here within seconds of starting:
        </p>
        <CommandBlock command={command} label="Proxy command" testId="proxy-command" />
      </EmptyState>
    </Card>
  );
}
