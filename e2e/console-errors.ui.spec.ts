import { test } from '@playwright/test';
import { DESKTOP_AND_PHONE, fullProject } from './helpers';
import { collectErrors, holdBackPageChunks, layoutChunks, loadQuietly } from './page-checks';

// Preview hydrates without an error even when its own chunks come 700 ms after its data (see
// holdBackPageChunks); every other project page is held to that in e2e/tabs.ui.spec.ts.

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Preview loads 50 times without a console error', async ({ page, request }) => {
      // Each load waits 700 ms for its held-back chunks, so 50 of them take 3–5 s each on a busy
      // CI machine: the bound is for a hang, not for speed.
      test.setTimeout(480_000);
      const id = await fullProject(request, 'quiet-preview');
      await holdBackPageChunks(page, await layoutChunks(page, id));
      const errors = collectErrors(page);
      for (let i = 0; i < 50; i++) {
        // Every other load through a client, as a link from the header's warning opens it.
        await loadQuietly(page, errors, `/projects/${id}/preview${i % 2 ? '?client=cursor' : ''}`);
      }
    });
  });
}
