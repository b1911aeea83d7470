import { type ComponentType, Suspense } from 'react';
import { SkeletonRows } from '@/components/ui/skeleton-rows';

type ProjectPageProps = { params: Promise<{ id: string }> };

/**
 * A project page whose state (window, change judged, client previewed through) lives in the
 * query string. The client component reads it, so the page renders it under Suspense.
 */
export function queryStringPage(Page: ComponentType<{ id: string }>, loading: { rows: number; label: string }) {
  return async function ProjectQueryStringPage({ params }: ProjectPageProps) {
    const { id } = await params;
    return (
      <Suspense fallback={<SkeletonRows rows={loading.rows} label={loading.label} />}>
        <Page id={id} />
      </Suspense>
    );
  };
}
