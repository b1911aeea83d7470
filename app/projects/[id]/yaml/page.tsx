import { YamlPage } from '@/components/yaml/yaml-page';

export default async function ProjectYamlPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <YamlPage id={id} />;
}
