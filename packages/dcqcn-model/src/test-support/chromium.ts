import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Debian's Chromium, if installed (`.ci/run` installs it; locally: `apt-get install -y chromium`). */
export function chromiumPath(): string | null {
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? null;
}

/**
 * True when browser tests must be skipped: no Chromium here and not under CI. Under CI (`CI` set)
 * a missing Chromium fails the tests instead, since `.ci/run` installs it. Warns on stderr.
 */
export function skipWithoutChromium(): boolean {
  if (chromiumPath() !== null || process.env.CI) return false;
  process.stderr.write('browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)\n');
  return true;
}

/**
 * Loads a local HTML file in headless Chromium with the network off (no background networking, a
 * fresh profile, every host resolving nowhere), lets its scripts run for up to `budgetMs` of
 * virtual time, and returns the DOM as HTML.
 */
export function dumpDom(file: string, budgetMs = 10_000): string {
  const chromium = chromiumPath();
  if (chromium === null) throw new Error('no Chromium at /usr/bin/chromium (apt-get install -y chromium)');
  const profile = mkdtempSync(join(tmpdir(), 'ccalc-chromium-'));
  try {
    return execFileSync(
      chromium,
      ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', `--user-data-dir=${profile}`, '--host-resolver-rules=MAP * ~NOTFOUND', `--virtual-time-budget=${budgetMs}`, '--dump-dom', pathToFileURL(file).href],
      { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000, stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
