import { describe, expect, it } from 'vitest';
import { HeadingSlugger, headingIds, renderMarkdown, sectionTables } from './markdown';

describe('heading ids', () => {
  it('follows GitHub: lower case, punctuation dropped, spaces to -, a number on repeats', () => {
    const slugger = new HeadingSlugger();
    expect(['Events', 'The `§names` rule: a & b', 'x', 'x', 'x-1'].map((text) => slugger.slug(text))).toEqual([
      'events',
      'the-names-rule-a--b',
      'x',
      'x-1',
      'x-1-1',
    ]);
  });

  it('gives the rendered headings the ids headingIds lists, with a link to themselves', () => {
    const markdown = '# Title\n\n## Events\n\ntext\n\n### `code` & more\n\n## Events\n';
    expect(headingIds(markdown)).toEqual(['title', 'events', 'code--more', 'events-1']);
    const html = renderMarkdown(markdown);
    expect(html).toContain('<h2 id="events">Events <a class="docs-anchor" href="#events"');
    expect(html).toContain('<h3 id="code--more"><code>code</code> &amp; more');
    expect(html).toContain('href="#events-1"');
  });
});

describe('code blocks', () => {
  it('take the keyboard’s focus, in a list too, so a wide one can be scrolled without a mouse; a text about <pre><code is left as written', () => {
    const html = renderMarkdown('```sh\nnpm test\n```\n\n- an item:\n\n  ```json\n  {"a": 1}\n  ```\n\nwrite `<pre><code` to show code\n');
    expect(html.match(/<pre tabindex="0"><code/g)).toHaveLength(2);
    expect(html).toContain('<code>&lt;pre&gt;&lt;code</code>');
  });
});

describe('sectionTables', () => {
  it('returns the tables under one level-2 heading, as plain text', () => {
    const markdown = '## One\n\n| a | b |\n| - | - |\n| `x` | **y** |\n\n## Two\n\n| c |\n| - |\n| z |\n';
    expect(sectionTables(markdown, 'one')).toEqual([{ header: ['a', 'b'], rows: [['x', 'y']] }]);
    expect(sectionTables(markdown, 'three')).toEqual([]);
  });
});
