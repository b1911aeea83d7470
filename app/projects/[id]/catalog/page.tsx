import { CatalogPanel } from '@/components/catalog/catalog-panel';

export default async function ProjectCatalogPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CatalogPanel id={id} expanded />;
}
