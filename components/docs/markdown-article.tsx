/**
 * A document of docs/ rendered to HTML on the server (lib/docs/markdown.ts). The HTML comes
 * from Markdown files of this repository, never from a request, so it is inserted as it is.
 */
export function MarkdownArticle({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from docs/*.md of this repository, not from user input
  return <article className="card docs-prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
