import type { ComponentType } from 'react';
import { type QueryLike, QueryView } from './query-view';

/**
 * A project view with nothing to draw before one query answers (every part needs its data):
 * the skeleton, or the error, until then; then the content, given the data.
 */
export function whenLoaded<T>(
  useData: (id: string) => QueryLike<T>,
  loading: { label: string; rows: number },
  Content: ComponentType<{ id: string; data: T }>,
) {
  function Loaded({ id }: { id: string }) {
    const query = useData(id);
    return (
      <QueryView query={query} loadingLabel={loading.label} loadingRows={loading.rows}>
        {(data) => <Content id={id} data={data} />}
      </QueryView>
    );
  }
  return Loaded;
}
