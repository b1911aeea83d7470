import { TokensPanel } from '@/components/tokens/tokens-panel';

export default async function ProjectTokensPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TokensPanel projectId={id} />;
}
