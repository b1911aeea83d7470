import { sanitisePart } from './sanitise';

/**
 * When several tools share one typed name after sanitising, one keeps it: the tool whose name
 * needed no sanitising (the others "sanitised into" it), else the first in catalog order. The
 * surface presents only that one, and ingest resolves the name to it, so both agree.
 */
export function typedKeeper<T>(group: readonly T[], parts: (item: T) => { server: string; tool: string }): T {
  const keeper =
    group.find((item) => {
      const { server, tool } = parts(item);
      return sanitisePart(server) === server && sanitisePart(tool) === tool;
    }) ?? group[0];
  if (keeper === undefined) throw new Error('typedKeeper needs a non-empty group');
  return keeper;
}
