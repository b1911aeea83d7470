import { EventsTable } from '@/components/events/events-table';

export default async function ProjectEventsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EventsTable id={id} limit={100} />;
}
