// Bundles the built @ccalc/curves and @ccalc/cca (dist/index.js and the files it imports) into one
// ES module each, dist/index.bundle.js, with a source map back to src/: the file their package.json
// `exports` give to Node and to bundlers. Node's module loader costs about half a millisecond per
// file, and the two packages are 108 files, loaded by every `ccalc` command.
// Usage: node scripts/bundle-packages.mjs [curves] [cca]   (both when none is named; run after tsc)
import { build } from 'esbuild';
import { resolve } from 'node:path';

const packages = process.argv.slice(2);
for (const name of packages.length > 0 ? packages : ['curves', 'cca']) {
  if (name !== 'curves' && name !== 'cca') throw new Error(`bundle-packages: "${name}" is not a package to bundle (curves or cca)`);
  const root = resolve(import.meta.dirname, '..', 'packages', name);
  const dist = resolve(root, 'dist');
  await build({
    // Paths in the bundle's comments and map relative to the package, wherever the build runs.
    absWorkingDir: root,
    entryPoints: [resolve(dist, 'index.js')],
    outfile: resolve(dist, 'index.bundle.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    sourcemap: true,
    // One @ccalc/curves for everything: @ccalc/cca imports the package, not a copy of it.
    external: ['@ccalc/curves'],
    logLevel: 'warning',
  });
}
