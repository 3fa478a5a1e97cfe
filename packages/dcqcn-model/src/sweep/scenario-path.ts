import { ScenarioError } from '../units.ts';

/** One step of a scenario path: a field name or an index into an array. */
type Step = string | number;

const SEGMENT = /^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\])*)$/;

/**
 * The steps of a scenario path such as `senders[0].arrival.size` or `ecn.kMax`, as a sweep file
 * names the fields it varies. `field` names the path in errors.
 * @example parseScenarioPath('senders[0].count', 'vary[0].grid') // ['senders', 0, 'count']
 */
export function parseScenarioPath(path: string, field: string): Step[] {
  const steps: Step[] = [];
  for (const segment of path.split('.')) {
    const m = SEGMENT.exec(segment);
    if (m === null) throw new ScenarioError(field, path, 'a scenario path such as "ecn.kMax" or "senders[0].arrival.size" (field names joined by ".", array indices in [])');
    steps.push(m[1]);
    for (const index of m[2].matchAll(/\[(\d+)\]/g)) steps.push(Number(index[1]));
  }
  return steps;
}

/**
 * Sets the field at `path` of a scenario (a copy: `scenario` is left alone) to `value`; null removes
 * the field. Objects on the way that are missing are created (`ecn.kMax` in a scenario without
 * ECN); an index must name an existing element. Errors name the path and what is there.
 * @example setScenarioPath({ ecn: { kMax: '200 kB' } }, 'ecn.kMax', '100 kB', 'vary') // { ecn: { kMax: '100 kB' } }
 */
export function setScenarioPath(scenario: unknown, path: string, value: unknown, field: string): unknown {
  const steps = parseScenarioPath(path, field);
  const set = (node: unknown, k: number, where: string): unknown => {
    const step = steps[k];
    const last = k === steps.length - 1;
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) throw new ScenarioError(field, path, `a path into the base scenario: ${where} ${Array.isArray(node) ? `has ${node.length} element${node.length === 1 ? '' : 's'}` : 'is not a list'}`);
      const copy = [...node];
      if (last && value === null) throw new ScenarioError(field, path, 'a field to set (null removes a field, not an element of a list)');
      copy[step] = last ? value : set(node[step], k + 1, `${where}[${step}]`);
      return copy;
    }
    if (node !== undefined && (node === null || typeof node !== 'object' || Array.isArray(node))) throw new ScenarioError(field, path, `a path into the base scenario: ${where || 'the scenario'} is not an object`);
    const copy: Record<string, unknown> = { ...(node as Record<string, unknown> | undefined) };
    if (last) {
      if (value === null) delete copy[step];
      else copy[step] = value;
    } else copy[step] = set(copy[step], k + 1, where === '' ? step : `${where}.${step}`);
    return copy;
  };
  return set(scenario, 0, '');
}

/**
 * JSON with the keys of every object sorted: equal scenarios give equal text, whatever the order
 * their fields were written or set in (a point's identity).
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }) // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
