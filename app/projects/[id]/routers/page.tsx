import { RoutersPage } from '@/components/routers/routers-page';

export default async function ProjectRoutersPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RoutersPage id={id} />;
}
