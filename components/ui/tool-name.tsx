import { Fragment } from 'react';

/** After these a long name may wrap: the server/tool slash and the parts of snake_case or dotted names. */
const BREAK_AFTER = /(?<=[/_.])/;

/** `github/create_issue` → ['github/', 'create_', 'issue']: the pieces a line may break between. */
export function nameParts(name: string): string[] {
  return name.split(BREAK_AFTER).filter((part) => part !== '');
}

/**
 * A tool name that wraps at `/`, `_` and `.` rather than mid-word on a narrow screen (a <wbr>
 * after each); its text, and so what a screen reader or a search finds, is the name unchanged.
 */
export function ToolName({ name, className, testId }: { name: string; className?: string; testId?: string }) {
  const parts = nameParts(name);
  return (
    <span className={className} data-testid={testId}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name repeat; their order is their identity
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
