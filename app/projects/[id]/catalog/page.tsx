import { CatalogPanel } from '@/components/catalog/catalog-panel';
import { CatalogUpload } from '@/components/catalog/catalog-upload';
import { SyncServerForm } from '@/components/catalog/sync-server-form';
import { Columns } from '@/components/ui/columns';

export default async function ProjectCatalogPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <Columns>
        <SyncServerForm id={id} />
        <CatalogUpload id={id} />
      </Columns>
      <CatalogPanel id={id} expanded manage />
    </>
  );
}
