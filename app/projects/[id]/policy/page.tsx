import { PolicyPage } from '@/components/policy/policy-page';

export default async function ProjectPolicyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PolicyPage id={id} />;
}
