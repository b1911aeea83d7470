import { CreateTokenForm } from './create-token-form';
import { TokenList } from './token-list';

/** Project tokens for proxies (§auth): create (the secret is shown once), list, revoke. */
export function TokensPanel({ projectId }: { projectId: string }) {
  return (
    <>
      <CreateTokenForm projectId={projectId} />
      <TokenList projectId={projectId} />
    </>
  );
}
