// Copies MSW's service worker script from the installed `msw` package into `public/`, where Vite
// serves it (dev) and copies it into `dist/` (build). Offline: nothing is downloaded. The script's
// integrity checksum belongs to the installed msw version, so it is copied again on every dev/build.
import { copyFileSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'));
const target = join(appDir, 'public', 'mockServiceWorker.js');

if (existsSync(target) && readFileSync(target).equals(readFileSync(source))) {
  console.log('mockServiceWorker.js is up to date');
} else {
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(source, target);
  console.log(`copied mockServiceWorker.js from ${source}`);
}
