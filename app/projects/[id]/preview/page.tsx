import { Suspense } from 'react';
import { PreviewPage } from '@/components/preview/preview-page';
import { SkeletonRows } from '@/components/ui/skeleton-rows';

export default async function ProjectPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The client previewed through lives in the query string, which the client reads.
  return (
    <Suspense fallback={<SkeletonRows rows={6} label="Loading the preview" />}>
      <PreviewPage id={id} />
    </Suspense>
  );
}
