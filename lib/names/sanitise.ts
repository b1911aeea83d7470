/** Characters a typed wrapper name may hold; anything else became `-` (§names, §surface). */
const UNSAFE = /[^A-Za-z0-9_-]/g;

export function sanitisePart(part: string): string {
  return part.replace(UNSAFE, '-');
}

/** `{server}__{tool}` with both parts sanitised, as proxies present typed tools. */
export function typedName(server: string, tool: string): string {
  return `${sanitisePart(server)}__${sanitisePart(tool)}`;
}
