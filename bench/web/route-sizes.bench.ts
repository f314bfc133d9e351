// Issue 5, point 5: the gzipped size of each route's initial JavaScript in the built web app, so a
// public page that starts pulling in app or editor code shows up here. Reads apps/web/dist: run
// `npm run build` first.
import { existsSync } from 'node:fs';
import { DEFAULT_DIST_DIR, measureRouteSizes } from '../../apps/web/scripts/route-sizes.ts';

export const name = 'initial JavaScript per route (apps/web)';

export async function run(): Promise<void> {
  console.log(`\n== ${name}`);
  if (!existsSync(DEFAULT_DIST_DIR)) {
    console.log('No build at apps/web/dist: run `npm run build` first.');
    return;
  }
  const sizes = measureRouteSizes();
  const width = Math.max(...sizes.map((s) => s.path.length));
  console.log(`${'route'.padEnd(width)}  access     gzip KB   raw KB`);
  for (const size of sizes) {
    console.log(
      `${size.path.padEnd(width)}  ${size.access.padEnd(9)}  ${(size.gzipBytes / 1024).toFixed(1).padStart(7)}  ${(size.bytes / 1024).toFixed(1).padStart(7)}`,
    );
  }
  const publicRoutes = sizes.filter((s) => s.access === 'public');
  const appRoutes = sizes.filter((s) => s.access !== 'public');
  const largestPublic = Math.max(...publicRoutes.map((s) => s.gzipBytes));
  const smallestApp = Math.min(...appRoutes.map((s) => s.gzipBytes));
  console.log(
    `${largestPublic < smallestApp ? 'PASS' : 'MISS'}  public pages load less than any app page: largest public ${(largestPublic / 1024).toFixed(1)} KB < smallest app ${(smallestApp / 1024).toFixed(1)} KB gzipped`,
  );
}
