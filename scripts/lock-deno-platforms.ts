/**
 * Adds to package-lock.json the platform packages of `deno` (the notebooks' Jupyter kernel) that
 * the registry reachable here does not have (@deno/darwin-*, @deno/win32-*, @deno/linux-arm64-*).
 * Without their entries `npm ci` refuses the lockfile as out of sync with package.json, and
 * `npm install` here drops them again. The entries carry each package's os and cpu, so on other
 * platforms npm skips them and elsewhere fetches them from the public registry. Run it after any
 * `npm install` that rewrites the lockfile:  npx tsx scripts/lock-deno-platforms.ts
 * (test/lockfile.test.ts fails while an entry is missing).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLATFORMS: Record<string, { os: string[]; cpu: string[]; libc?: string[] }> = {
  '@deno/darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  '@deno/darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  '@deno/linux-arm64-glibc': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  '@deno/linux-x64-glibc': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  '@deno/win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  '@deno/win32-x64': { os: ['win32'], cpu: ['x64'] },
};

type Lock = { packages: Record<string, Record<string, unknown>> };
const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as Lock;
const deno = lock.packages['node_modules/deno'] as { version: string; optionalDependencies?: Record<string, string> } | undefined;
const added: string[] = [];
for (const [name, version] of Object.entries(deno?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key] !== undefined) continue;
  const p = PLATFORMS[name];
  if (p === undefined) throw new Error(`no os/cpu known for ${name}: add it to PLATFORMS`);
  lock.packages[key] = { version, cpu: p.cpu, dev: true, license: 'MIT', optional: true, os: p.os, ...(p.libc ? { libc: p.libc } : {}) };
  added.push(name);
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
process.stdout.write(added.length === 0 ? 'package-lock.json: nothing to add\n' : `package-lock.json: added ${added.join(', ')}\n`);
