import { CatalogPanel } from '@/components/catalog/catalog-panel';
import { EventsTable } from '@/components/events/events-table';

export default async function ProjectOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <div className="grid grid-2">
      <CatalogPanel id={id} />
      <EventsTable id={id} limit={15} />
    </div>
  );
}
