/** Characters a typed wrapper name may hold; anything else became `-` (§names, §surface). */
const UNSAFE = /[^A-Za-z0-9_-]/g;

export function sanitisePart(part: string): string {
  return part.replace(UNSAFE, '-');
}
