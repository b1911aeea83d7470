import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/ui/not-found-message';

export const metadata: Metadata = { title: 'Not found · favindex' };

export default function NotFound() {
  return <NotFoundMessage />;
}
