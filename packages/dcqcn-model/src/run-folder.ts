import { existsSync } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ScenarioError } from './units.ts';

/**
 * Checks, before anything is computed, that a run can go to `out`: a folder that does not exist
 * yet, an empty one, or an earlier run's (it has a summary.json), whose parent can be written.
 * Anything else is refused in words naming the option, so no run is computed for nothing and no
 * other files are replaced.
 * @example await checkRunFolder('out/a2')
 */
export async function checkRunFolder(out: string, option = '--out'): Promise<void> {
  const target = resolve(out);
  if (target === resolve('.') || target === dirname(target)) throw new ScenarioError(option, out, 'a folder other than the current one or the root (a run replaces its folder)');
  if (existsSync(target)) {
    if (!(await stat(target)).isDirectory()) throw new ScenarioError(option, out, 'a folder (it is a file)');
    const entries = await readdir(target);
    if (entries.length > 0 && !entries.includes('summary.json')) throw new ScenarioError(option, out, 'a new or empty folder, or an earlier run\'s (this one holds other files, which a run would replace)');
  }
  await requireWritableFolder(dirname(target), option, out, 'a folder that can be written', 'its parent cannot be made');
}

/** Makes `folder` if needed and checks it can be written; else a ScenarioError for `option`, in words. */
async function requireWritableFolder(folder: string, option: string, value: string, expected: string, unmade: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
    await access(folder, constants.W_OK);
  } catch (e) {
    throw new ScenarioError(option, value, `${expected} (${(e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : unmade})`);
  }
}

/**
 * Writes a run's files with `write(folder)` into a temporary folder beside `out` and, only when
 * all are written, puts it in place of `out` (an earlier run there is replaced whole): a folder
 * never mixes the files of two runs, and a run that fails leaves no half-written folder.
 * @example await writeRunFolder('out/a2', async (dir) => writeFile(join(dir, 'summary.json'), '{}'))
 */
export async function writeRunFolder<T>(out: string, write: (folder: string) => Promise<T>): Promise<T> {
  const target = resolve(out);
  const partial = resolve(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  const old = resolve(dirname(target), `.${basename(target)}.old-${process.pid}`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const result = await write(partial);
    if (existsSync(target)) await rename(target, old);
    await rename(partial, target);
    await rm(old, { recursive: true, force: true });
    return result;
  } catch (e) {
    await rm(partial, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Checks, before anything is computed, that a file can be written at `file`: not a folder, in a
 * folder that exists or can be made and can be written.
 * @example await checkOutputFile('out/a2-dcqcn.csv', '--dcqcn-trace')
 */
export async function checkOutputFile(file: string, option: string): Promise<void> {
  const target = resolve(file);
  if (existsSync(target) && (await stat(target)).isDirectory()) throw new ScenarioError(option, file, 'a file (it is a folder)');
  await requireWritableFolder(dirname(target), option, file, 'a file that can be written', 'its folder cannot be made');
}
