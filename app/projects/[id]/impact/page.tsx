import { Suspense } from 'react';
import { ImpactPage } from '@/components/impact/impact-page';
import { SkeletonRows } from '@/components/ui/skeleton-rows';

export default async function ProjectImpactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The change judged lives in the query string, which the client reads.
  return (
    <Suspense fallback={<SkeletonRows rows={8} label="Loading impact" />}>
      <ImpactPage id={id} />
    </Suspense>
  );
}
