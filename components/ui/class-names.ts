/** Join the class names that apply; `false`, `null` and `undefined` drop out, so conditions read inline. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
