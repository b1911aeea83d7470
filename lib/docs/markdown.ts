import { Marked, type Token, type Tokens } from 'marked';

/**
 * The project's Markdown docs (docs/*.md) as HTML, with an id on every heading. Ids follow
 * GitHub's rule (lower case, punctuation dropped, spaces to `-`, `-1`, `-2` … on repeats), so an
 * anchor such as `#events` lands on the same heading in the app and on GitHub. Only files of
 * this repository are rendered: the HTML is not sanitised.
 */

/** Hands out GitHub-style heading ids for one document, in document order. */
export class HeadingSlugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let slug = base;
    while (this.seen.has(slug)) {
      // biome-ignore lint/style/noNonNullAssertion: the loop is entered only when seen has base, and base is never removed.
      const n = this.seen.get(base)! + 1;
      this.seen.set(base, n);
      slug = `${base}-${n}`;
    }
    this.seen.set(slug, 0);
    return slug;
  }
}

/** The text a reader sees of some inline tokens: no markup, entities as characters. */
export function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) return plainText(token.tokens);
      return 'text' in token && typeof token.text === 'string' ? decodeEntities(token.text) : '';
    })
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (match, name: string) => ENTITIES[name] ?? match);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Markdown to HTML (GitHub-flavoured), each heading with its id and a link to itself. */
export function renderMarkdown(markdown: string): string {
  const slugger = new HeadingSlugger();
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const id = escapeAttribute(slugger.slug(plainText(tokens)));
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)} <a class="docs-anchor" href="#${id}" aria-hidden="true" tabindex="-1">#</a></h${depth}>\n`;
      },
    },
  });
  // A code block may be wider than the page and scroll: a scrolling region must take the
  // keyboard's focus, or a keyboard user cannot read its end (axe: scrollable-region-focusable).
  // Only marked writes `<pre><code`: text in a document is escaped.
  return marked.parse(markdown, { async: false }).replaceAll('<pre><code', '<pre tabindex="0"><code');
}

function lex(markdown: string) {
  const marked = new Marked({ gfm: true });
  return { marked, tokens: marked.lexer(markdown) };
}

/** Every heading id of a document, in order: the anchors `renderMarkdown` gives it. */
export function headingIds(markdown: string): string[] {
  const { marked, tokens } = lex(markdown);
  const slugger = new HeadingSlugger();
  const ids: string[] = [];
  marked.walkTokens(tokens, (token) => {
    // marked types tokens by a union it does not discriminate on type; a heading token is a Tokens.Heading.
    if (token.type === 'heading') ids.push(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  });
  return ids;
}

/** A table as plain text: its header cells and its rows of cells. */
export interface PlainTable {
  header: string[];
  rows: string[][];
}

/**
 * The tables of the section under the level-2 heading with this id (up to the next level-2
 * heading), as plain text; none when there is no such section.
 */
export function sectionTables(markdown: string, sectionId: string): PlainTable[] {
  const { tokens } = lex(markdown);
  const slugger = new HeadingSlugger();
  let current: string | null = null;
  const tables: PlainTable[] = [];
  for (const token of tokens) {
    if (token.type === 'heading') {
      // marked types tokens by a union it does not discriminate on type; a heading token is a Tokens.Heading, a table one a Tokens.Table.
      const id = slugger.slug(plainText((token as Tokens.Heading).tokens));
      if ((token as Tokens.Heading).depth <= 2) current = id;
    } else if (token.type === 'table' && current === sectionId) {
      // Sound: the type was checked to be table on the line above.
      const table = token as Tokens.Table;
      tables.push({
        header: table.header.map((cell) => plainText(cell.tokens)),
        rows: table.rows.map((row) => row.map((cell) => plainText(cell.tokens))),
      });
    }
  }
  return tables;
}
