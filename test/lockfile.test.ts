/**
 * `npm ci` (what CI runs) refuses a lockfile that lacks an optional dependency of a locked package.
 * The registry reachable here lacks some of deno's platform packages, so `npm install` leaves them
 * out; scripts/lock-deno-platforms.ts puts them back. This test says so before CI does.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where Node (and npm) look for `name` required from the package at lockfile key `key`: its own
 * node_modules, then each enclosing node_modules up to the root, e.g. for
 * `packages/m/node_modules/a`: `packages/m/node_modules/a/node_modules/name`,
 * `packages/m/node_modules/name`, `node_modules/name`.
 */
function resolvedFrom(key: string, name: string): string[] {
  const candidates: string[] = [];
  let dir = key;
  for (;;) {
    candidates.push(dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`);
    if (dir === '') return candidates;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut >= 0 ? dir.slice(0, cut) : '';
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every locked package (else npm ci fails)', () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
    const missing = Object.entries(lock.packages).flatMap(([key, p]) =>
      Object.keys(p.optionalDependencies ?? {})
        .filter((name) => resolvedFrom(key, name).every((candidate) => lock.packages[candidate] === undefined))
        .map((name) => `${name} (of ${key})`),
    );
    expect(missing, 'run: npx tsx scripts/lock-deno-platforms.ts').toEqual([]);
  });
});
