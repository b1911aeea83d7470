/** `/api/projects/<id>/surface[?…]` → the project id; anything else → null. */
export function matchSurfacePath(url: string | undefined): { id: string } | null {
  return projectOf(/^\/api\/projects\/([^/?#]+)\/surface(?:\?|$)/.exec(url ?? '')?.[1]);
}

/** `/api/projects/<id>/events[?…]` → the project id; anything else → null. */
export function matchEventsPath(url: string | undefined): { id: string } | null {
  return projectOf(/^\/api\/projects\/([^/?#]+)\/events(?:\?|$)/.exec(url ?? '')?.[1]);
}

function projectOf(encoded: string | undefined): { id: string } | null {
  if (encoded === undefined) return null;
  try {
    return { id: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}
