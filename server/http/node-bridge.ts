/** `/api/projects/<id>/surface[?…]` → the project id; anything else → null. */
export function matchSurfacePath(url: string | undefined): { id: string } | null {
  const encoded = /^\/api\/projects\/([^/?#]+)\/surface(?:\?|$)/.exec(url ?? '')?.[1];
  if (encoded === undefined) return null;
  try {
    return { id: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}
