import { PreviewPage } from '@/components/preview/preview-page';

export default async function ProjectPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PreviewPage id={id} />;
}
