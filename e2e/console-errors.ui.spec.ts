import { test } from '@playwright/test';
import { DESKTOP_AND_PHONE, fullProject } from './helpers';
import { collectErrors, holdBackPageChunks, layoutChunks, loadQuietly } from './page-checks';

// Preview hydrates without an error when its own chunks come after its header's data (see
// holdBackPageChunks), which it once did not about 1 load in 5 (React #418). Held back so, every
// load runs that race; every other project page is loaded so once in e2e/tabs.ui.spec.ts.

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Preview loads 5 times without a console error', async ({ page, request }) => {
      const id = await fullProject(request, 'quiet-preview');
      await holdBackPageChunks(page, await layoutChunks(page, id));
      const errors = collectErrors(page);
      for (let i = 0; i < 5; i++) {
        // Every other load through a client, as a link from the header's warning opens it.
        await loadQuietly(page, errors, `/projects/${id}/preview${i % 2 ? '?client=cursor' : ''}`);
      }
    });
  });
}
