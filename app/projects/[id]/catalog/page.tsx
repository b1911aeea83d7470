import { CatalogPanel } from '@/components/catalog/catalog-panel';
import { SyncServerForm } from '@/components/catalog/sync-server-form';

export default async function ProjectCatalogPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <SyncServerForm id={id} />
      <CatalogPanel id={id} expanded manage />
    </>
  );
}
