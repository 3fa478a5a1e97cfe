import { execFile, execFileSync } from 'node:child_process';
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
 * Loads a local HTML file (or a URL on localhost) in headless Chromium with the network off (no
 * background networking, a fresh profile, every other host resolving nowhere), lets its scripts
 * run for up to `budgetMs` of virtual time, and returns the DOM as HTML.
 */
export function dumpDom(file: string, budgetMs = 10_000): string {
  const { chromium, args, profile } = launch(file, budgetMs);
  try {
    return execFileSync(chromium, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000, stdio: ['ignore', 'pipe', 'ignore'] });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** As {@link dumpDom}, without blocking the event loop (for pages served by this process). */
export async function dumpDomAsync(url: string, budgetMs = 10_000, timeoutMs = 300_000): Promise<string> {
  const { chromium, args, profile } = launch(url, budgetMs);
  try {
    return await new Promise<string>((ok, fail) => {
      execFile(chromium, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: timeoutMs }, (error, stdout) => (error ? fail(error) : ok(stdout)));
    });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

function launch(target: string, budgetMs: number): { chromium: string; args: string[]; profile: string } {
  const chromium = chromiumPath();
  if (chromium === null) throw new Error('no Chromium at /usr/bin/chromium (apt-get install -y chromium)');
  const profile = mkdtempSync(join(tmpdir(), 'ccalc-chromium-'));
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', `--user-data-dir=${profile}`, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost', `--virtual-time-budget=${budgetMs}`, '--dump-dom', /^https?:/.test(target) ? target : pathToFileURL(target).href];
  return { chromium, args, profile };
}
