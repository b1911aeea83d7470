import fs from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'next';
import { MarkdownArticle } from '@/components/docs/markdown-article';
import { renderMarkdown } from '@/lib/docs/markdown';

export const metadata: Metadata = { title: 'Rules · favindex' };

/** docs/rules.md: what each `cited_rule` of an API error means, one section per rule id. */
export default async function RulesPage() {
  const markdown = await fs.readFile(path.join(process.cwd(), 'docs', 'rules.md'), 'utf8');
  return <MarkdownArticle html={renderMarkdown(markdown)} />;
}
