'use client';

import { useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { CommandBlock } from '@/components/ui/command-block';
import { useOrigin } from '@/components/ui/use-origin';
import { firstEventCommand, TOKEN_PLACEHOLDER } from '@/lib/onboarding/first-event';

/**
 * A ready-to-run curl that sends this project one sample event: the address, the project and
 * (when one was just made) the token filled in, and a tool of its catalog, so it resolves.
 * The first-run checklist and the empty Events and Usage views show the same command.
 */
export function FirstEventCommand({ id, token = null }: { id: string; token?: string | null }) {
  const origin = useOrigin();
  const catalog = useCatalogQuery(id);
  // One timestamp per view: copied twice, the command sends the same event (a duplicate, not a second call).
  const [now] = useState(() => new Date());
  const first = catalog.data?.servers.find((s) => s.tools.length > 0);
  const tool = first?.tools[0] ? `${first.name}/${first.tools[0].name}` : null;
  return (
    <>
      <CommandBlock
        command={firstEventCommand({ origin, projectId: id, token, tool, now })}
        label="The command that sends a first event"
        testId="first-event-command"
      />
      <p className="small muted">
        {token ? (
          'The token is in the command: it is shown only on this page, so copy it now.'
        ) : (
          <>
            <code>{TOKEN_PLACEHOLDER}</code> is a token of this project with <code>events:write</code> (the Tokens tab makes one).
          </>
        )}{' '}
        It sends one call of <code>{tool ?? 'example/hello'}</code>
        {tool ? '' : ', which stays unresolved until a catalog lists it'}; a proxy sends one event like it per tool call.
      </p>
    </>
  );
}
