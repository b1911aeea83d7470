import { FavouritesPage } from '@/components/favourites/favourites-page';

export default async function ProjectFavouritesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FavouritesPage id={id} />;
}
