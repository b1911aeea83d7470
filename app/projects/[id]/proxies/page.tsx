import { ProxiesPage } from '@/components/proxies/proxies-page';

export default async function ProjectProxiesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ProxiesPage projectId={id} />;
}
