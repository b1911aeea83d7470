import { PageLink } from '@/components/ui/page-link';
import type { ReactNode } from 'react';
import { SPEC_RULES } from '@/lib/errors';

const RULE_IDS: ReadonlySet<string> = new Set(SPEC_RULES.map((rule) => rule.slice(1)));
const MARKS = /`([^`]+)`|§([a-z]+)/g;

/** One line of API prose: `code` spans as code, and rule ids (§events) as links to /docs/rules. */
export function inlineNodes(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKS)) {
    const at = match.index;
    const [whole, code, rule] = match;
    if (rule !== undefined && !RULE_IDS.has(rule)) continue;
    if (at > last) nodes.push(text.slice(last, at));
    nodes.push(
      code !== undefined ? (
        <code key={at}>{code}</code>
      ) : (
        <PageLink key={at} href={`/docs/rules#${rule}`}>
          §{rule}
        </PageLink>
      ),
    );
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** API prose (an operation's description): paragraphs at blank lines, each with inline marks. */
export function InlineText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  let offset = 0;
  return (
    <>
      {paragraphs.map((paragraph) => {
        offset += paragraph.length + 1;
        return (
          <p key={offset} className={className}>
            {inlineNodes(paragraph)}
          </p>
        );
      })}
    </>
  );
}
