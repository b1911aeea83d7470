import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui/skeleton-rows';
import { UsagePage } from '@/components/usage/usage-page';

export default async function ProjectUsagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The window lives in the query string, which the client reads.
  return (
    <Suspense fallback={<SkeletonRows rows={8} label="Loading usage" />}>
      <UsagePage id={id} />
    </Suspense>
  );
}
