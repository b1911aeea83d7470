import { SettingsPage } from '@/components/settings/settings-page';

export default async function ProjectSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SettingsPage id={id} />;
}
