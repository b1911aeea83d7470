import fs from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { headingIds } from './markdown';

// The README and docs/*.md link each other by file and heading (the README's contents list,
// docs/rules.md#events …). A renamed heading or file must not leave a dead link behind.
const root = path.join(import.meta.dirname, '..', '..');
const files = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function links(markdown: string): string[] {
  const marked = new Marked({ gfm: true });
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'link') hrefs.push((token as Tokens.Link).href);
  });
  return hrefs;
}

describe('links between the README and docs/', () => {
  it.each(files)('%s links only to files and headings that exist', (file) => {
    const dead: string[] = [];
    for (const href of links(read(file))) {
      if (/^[a-z]+:/i.test(href) || href.startsWith('/')) continue;
      const [target, anchor] = href.split('#');
      const targetFile = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target)) : file;
      if (!fs.existsSync(path.join(root, targetFile))) dead.push(href);
      else if (anchor && targetFile.endsWith('.md') && !headingIds(read(targetFile)).includes(anchor)) dead.push(href);
    }
    expect(dead).toEqual([]);
  });

  it('never points outside the repository', () => {
    for (const file of files) expect(read(file), file).not.toMatch(/SPEC\.md|shared folder|\.\.\/\.\.\//);
  });
});
