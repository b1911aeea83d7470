// Playwright cannot download its own browser here: the e2e tests use the system Chromium.
import fs from 'node:fs';

const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executable)) {
  console.error(`e2e tests need Chromium at ${executable}. Install it with: apt-get install -y chromium`);
  console.error('(or point CHROMIUM_PATH at another Chromium binary)');
  process.exit(1);
}
