import type { ImpactParams } from '@/components/api/use-impact-query';
import { isOneOf } from '@/lib/records';

export const IMPACT_WINDOWS = ['7d', '14d', '30d', '90d'] as const;

const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The change and window the Impact page shows, from its URL (the history links by favourites version). */
export function parseImpactSearch(search: URLSearchParams): ImpactParams {
  const window = search.get('window');
  return {
    revision: positive(search.get('revision')),
    favouritesVersion: positive(search.get('favouritesVersion')),
    window: isOneOf(IMPACT_WINDOWS, window) ? window : '14d',
  };
}

export function impactSearch(params: ImpactParams): string {
  const search = new URLSearchParams();
  if (params.revision) search.set('revision', String(params.revision));
  else if (params.favouritesVersion) search.set('favouritesVersion', String(params.favouritesVersion));
  if (params.window !== '14d') search.set('window', params.window);
  return search.toString();
}
