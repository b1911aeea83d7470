import { ProjectsPage } from '@/components/projects/projects-page';

export default function Home() {
  return <ProjectsPage />;
}
