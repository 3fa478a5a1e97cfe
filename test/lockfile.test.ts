/**
 * `npm ci` (what CI runs) refuses a lockfile that lacks an optional dependency of a locked package.
 * The registry reachable here lacks some of deno's platform packages, so `npm install` leaves them
 * out; scripts/lock-deno-platforms.ts puts them back. This test says so before CI does.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every locked package (else npm ci fails)', () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
    const missing = Object.entries(lock.packages).flatMap(([key, p]) =>
      Object.keys(p.optionalDependencies ?? {})
        .filter((name) => lock.packages[`node_modules/${name}`] === undefined && lock.packages[`${key}/node_modules/${name}`] === undefined)
        .map((name) => `${name} (of ${key})`),
    );
    expect(missing, 'run: npx tsx scripts/lock-deno-platforms.ts').toEqual([]);
  });
});
