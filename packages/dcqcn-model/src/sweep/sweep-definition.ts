import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { seededRandom } from '@ccalc/cca';
import { ScenarioError } from '../units.ts';
import { readJsonFile } from '../json-file.ts';
import { Fields } from '../scenario/fields.ts';
import { SCENARIO_FORMS } from '../scenario/scenario-forms.ts';
import { gridValues, MAX_VALUES, parseRange, rangeValue, type Range } from './parameter-values.ts';
import { canonicalJson, setScenarioPath } from './scenario-path.ts';
import { SWEEP_FIGURES, type SweepFigure } from './figures.ts';

/** Values of the varied fields at one point: scenario path → value (as the sweep file gives it). */
export type Assignment = Record<string, unknown>;

/** A validated sweep: the base scenario, the points it varies, the figures it keeps. */
export interface Sweep {
  name: string;
  description: string;
  /** The base scenario (JSON, as a file holds it) and the folder its trace paths are relative to. */
  base: unknown;
  baseDir: string;
  /** The varied scenario paths, in the order of the sweep file (the table's parameter columns). */
  parameters: string[];
  /** One list of assignments per `vary` entry: the points are every combination, the first entry slowest. */
  blocks: Assignment[][];
  /** How many points (the product of the blocks' lengths). */
  count: number;
  figures: SweepFigure[];
  /** A hash of the base, the points and the figures: shards and resumed runs check they belong together. */
  id: string;
}

/** One point of a sweep: its index, the values of the varied fields and its scenario. */
export interface SweepPoint {
  index: number;
  assignment: Assignment;
  scenario: unknown;
}

/**
 * Reads and validates a sweep file (format in the README, "Sweeps"): every error is a ScenarioError
 * naming the file and the field. The base scenario is a file (its path relative to the sweep
 * file), a built-in with a scenario form (`SCENARIO_FORMS`) or an object written in place.
 * @example const sweep = await loadSweepFile('sweeps/kmax.json'); sweep.count
 */
export async function loadSweepFile(file: string): Promise<Sweep> {
  const json = await readJsonFile(file, 'a sweep file');
  const dir = dirname(resolve(file));
  try {
    const base = new Fields(json, '', ['name', 'description', 'base', 'vary', 'figures']).object.base;
    let scenario: unknown = base;
    let baseDir = dir;
    if (typeof base === 'string' && base.endsWith('.json')) {
      const path = resolve(dir, base);
      scenario = await readJsonFile(path, 'a base scenario file');
      baseDir = dirname(path);
    }
    return parseSweep(json, { base: scenario, baseDir, name: file.replace(/^.*[/\\]/, '').replace(/\.json$/, '') });
  } catch (e) {
    if (e instanceof Error && !e.message.startsWith(file)) e.message = `${file}: ${e.message}`;
    throw e;
  }
}

/**
 * Validates a sweep definition (parsed JSON). Its base is a built-in's name or a scenario object;
 * `loadSweepFile` reads a base file and passes its scenario as `options.base`, with the folder its
 * trace paths are relative to (`baseDir`, default the working folder). `name`: if the sweep has none.
 * @example parseSweep({ base: 'ns3-31-dcqcn', vary: [{ grid: { 'ecn.kMax': ['100 kB', '200 kB'] } }] }).count // 2
 */
export function parseSweep(json: unknown, options: { base?: unknown; baseDir?: string; name?: string } = {}): Sweep {
  const f = new Fields(json, '', ['name', 'description', 'base', 'vary', 'figures']);
  let base = 'base' in options ? options.base : f.object.base;
  const baseDir = options.baseDir ?? '.';
  const fallbackName = options.name ?? 'sweep';
  if (base === undefined) throw new ScenarioError('base', undefined, 'a base scenario: a scenario file (.json), a built-in or a scenario object (the field is required)');
  if (typeof base === 'string') {
    if (!Object.hasOwn(SCENARIO_FORMS, base)) throw new ScenarioError('base', base, `a scenario file (.json), a scenario object or a built-in written as a scenario: ${Object.keys(SCENARIO_FORMS).join(', ')}`);
    base = SCENARIO_FORMS[base];
  }
  if (base === null || typeof base !== 'object' || Array.isArray(base)) throw new ScenarioError('base', base, 'a scenario file (.json), a built-in or a scenario object');
  const blocks = f.array('vary').map((entry, k) => parseBlock(entry, `vary[${k}]`));
  const parameters: string[] = [];
  blocks.forEach((b, k) => {
    for (const p of Object.keys(b[0])) {
      if (parameters.includes(p)) throw new ScenarioError(`vary[${k}]`, p, 'each scenario path varied once (it is varied in an earlier entry too)');
      parameters.push(p);
    }
  });
  const count = blocks.reduce((n, b) => n * b.length, 1);
  if (count > MAX_VALUES) throw new ScenarioError('vary', `${count} points`, `at most ${MAX_VALUES.toLocaleString('en-US')} points in one sweep`);
  // Every path must be settable in the base: try each parameter's first value.
  for (const p of parameters) setScenarioPath(base, p, blocks.find((b) => p in b[0])![0][p], 'vary');
  let figures: SweepFigure[] = [...SWEEP_FIGURES];
  if (f.has('figures')) {
    figures = f.array('figures').map((x, k) => {
      if (!(SWEEP_FIGURES as readonly unknown[]).includes(x)) throw new ScenarioError(`figures[${k}]`, x, `one of ${SWEEP_FIGURES.join(', ')}`);
      return x as SweepFigure;
    });
  }
  const name = f.string('name', fallbackName);
  // Not of the folder: shards on machines that mount it elsewhere are still one sweep.
  const id = createHash('sha256').update(canonicalJson({ base, blocks, figures })).digest('hex').slice(0, 16);
  return { name, description: f.string('description', ''), base, baseDir, parameters, blocks, count, figures, id };
}

/** Point `index` of a sweep (0 ≤ index < count): its assignment and scenario. */
export function sweepPoint(sweep: Sweep, index: number): SweepPoint {
  const assignment: Assignment = {};
  let rest = index;
  for (let k = sweep.blocks.length - 1; k >= 0; k--) {
    const b = sweep.blocks[k];
    Object.assign(assignment, b[rest % b.length]);
    rest = Math.floor(rest / b.length);
  }
  let scenario = sweep.base;
  for (const p of sweep.parameters) scenario = setScenarioPath(scenario, p, assignment[p], 'vary');
  return { index, assignment, scenario };
}

/**
 * The point's parameters in words, for errors and progress: `ecn.kMax = "100 kB", senders[0].count = 64`.
 */
export function describeAssignment(sweep: Sweep, a: Assignment): string {
  return sweep.parameters.map((p) => `${p} = ${JSON.stringify(a[p])}`).join(', ');
}

const METHODS = ['grid', 'zip', 'random', 'latin-hypercube'] as const;

/** One `vary` entry: its assignments, in order. */
function parseBlock(entry: unknown, field: string): Assignment[] {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new ScenarioError(field, entry, `an object with one of ${METHODS.map((m) => `"${m}"`).join(', ')}`);
  const method = METHODS.filter((m) => m in entry);
  if (method.length !== 1) throw new ScenarioError(field, entry, `exactly one of ${METHODS.map((m) => `"${m}"`).join(', ')}`);
  const m = method[0];
  const sampled = m === 'random' || m === 'latin-hypercube';
  const f = new Fields(entry, field, sampled ? [m, 'count', 'seed'] : [m]);
  const specs = f.object_(m, Object.keys((entry as Record<string, unknown>)[m] ?? {}));
  if (specs === undefined || Object.keys(specs.object).length === 0) throw new ScenarioError(`${field}.${m}`, specs?.object, 'an object of scenario paths and their values (at least one)');
  const paths = Object.keys(specs.object);
  if (!sampled) {
    const values = paths.map((p) => gridValues(specs.object[p], `${field}.${m}.${p}`));
    if (m === 'zip') {
      const n = values[0].length;
      values.forEach((v, k) => {
        if (v.length !== n) throw new ScenarioError(`${field}.zip.${paths[k]}`, `${v.length} values`, `as many values as ${paths[0]} (${n}): zip varies them together`);
      });
      return Array.from({ length: n }, (_, i) => Object.fromEntries(paths.map((p, k) => [p, values[k][i]])));
    }
    const count = values.reduce((n, v) => n * v.length, 1);
    if (count > MAX_VALUES) throw new ScenarioError(`${field}.grid`, `${count} points`, `at most ${MAX_VALUES.toLocaleString('en-US')} points in one sweep`);
    return Array.from({ length: count }, (_, i) => {
      const a: Assignment = {};
      let rest = i;
      for (let k = paths.length - 1; k >= 0; k--) {
        a[paths[k]] = values[k][rest % values[k].length];
        rest = Math.floor(rest / values[k].length);
      }
      return Object.fromEntries(paths.map((p) => [p, a[p]]));
    });
  }
  const count = f.number('count', { integer: true, min: 1, max: MAX_VALUES });
  const seed = f.number('seed', { integer: true, min: 0, max: 2 ** 32 - 1, fallback: 1 });
  const domains = paths.map((p): Range | unknown[] => {
    const spec = specs.object[p];
    if (Array.isArray(spec)) {
      if (spec.length === 0) throw new ScenarioError(`${field}.${m}.${p}`, spec, 'a range {"from", "to"} or a non-empty list of values');
      return spec;
    }
    return parseRange(spec, `${field}.${m}.${p}`, false);
  });
  const u = seededRandom(seed);
  // Latin hypercube: each parameter's range cut into `count` strata, each stratum used once, in an
  // order shuffled per parameter; random: independent uniform draws.
  const strata = domains.map(() => {
    const order = Array.from({ length: count }, (_, i) => i);
    if (m === 'latin-hypercube') {
      for (let i = count - 1; i > 0; i--) {
        const j = Math.floor(u() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
    }
    return order;
  });
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(
      paths.map((p, k) => {
        const x = m === 'latin-hypercube' ? (strata[k][i] + u()) / count : u();
        const d = domains[k];
        return [p, Array.isArray(d) ? d[Math.min(d.length - 1, Math.floor(x * d.length))] : rangeValue(d, x)];
      }),
    ),
  );
}
