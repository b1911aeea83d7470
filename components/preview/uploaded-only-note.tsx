import { PageLink } from '@/components/ui/page-link';
import type { PreviewResponse } from '@/lib/contracts/preview';
import { countOf } from '@/lib/format';

/**
 * While a proxy is connected the lists count only the servers connected proxies run; the
 * uploaded servers none runs are named here, apart, since no model sees their tools.
 */
export function UploadedOnlyNote({ projectId, proxies }: { projectId: string; proxies: PreviewResponse['proxies'] }) {
  if (!proxies || proxies.uploadedOnly.length === 0) return null;
  const tools = proxies.uploadedOnly.reduce((sum, s) => sum + s.tools, 0);
  return (
    <p className="small" data-testid="uploaded-only">
      Counted: the servers {proxies.connected === 1 ? 'the connected proxy runs' : `the ${proxies.connected} connected proxies run`}. Uploaded, no connected
      proxy runs it: no model sees these tools —{' '}
      {proxies.uploadedOnly.map((s, i) => (
        <span key={s.server}>
          {i > 0 ? ', ' : ''}
          <span className="mono">{s.server}</span> ({countOf(s.tools, 'tool')})
        </span>
      ))}{' '}
      ({countOf(tools, 'tool')} in all; <PageLink href={`/projects/${encodeURIComponent(projectId)}/proxies`}>see the proxies</PageLink>).
    </p>
  );
}
