import { streamSeed, type EgressPortSpec, type NetworkFlowSpec, type NetworkModel, type PfcConfig, type SwitchSpec } from '@ccalc/cca';
import type { Curve } from '@ccalc/curves';
import { ScenarioError, TIME_RESOLUTION } from '../units.ts';
import { Fields } from './fields.ts';
import { arrivalCurve, newConnectionInstants, onWire, parseArrival } from './arrivals.ts';
import { buildCca, parseCca } from './cca-spec.ts';
import { parseEcn, parsePfc, parseQcn } from './switch-config.ts';
import { checkScenarioSize } from '../run-cost.ts';

/** A scenario file with a `topology`, ready to run on the network engine (`runNetwork`). */
export interface PreparedNetwork {
  kind: 'network';
  name: string;
  description: string;
  horizon: number;
  /** Run until every flow has finished (the horizon is then a first guess). */
  untilComplete: boolean;
  bin: number;
  network(horizon: number): NetworkModel;
}

const TOP = ['name', 'description', 'packetSize', 'packetHeader', 'topology', 'senders', 'cca', 'ecn', 'qcn', 'pfc', 'delays', 'horizon', 'seed', 'bin'];

/**
 * Reads a scenario whose switch is a network (`topology`) and prepares it to run:
 * ```
 * "topology": {
 *   "switches": ["sw1", { "name": "sw2", "pfc": { … } }],
 *   "links": [{ "from": "sw1", "to": "sw2", "rate": "10 Gbps", "delay": "5 us", "qcn": { … } }],
 *   "receivers": [{ "name": "node9", "at": "sw2", "rate": "10 Gbps" }]
 * },
 * "senders": [{ "count": 4, "name": "hot", "at": "sw1", "to": "node9", "arrival": { … } }]
 * ```
 * Each link is an egress port of its `from` switch, each receiver an egress port of its `at`
 * switch. A sender's route is the fewest links from its switch to its receiver's (the first such
 * path in the order of `links`), then the receiver's port. The top-level `ecn` or `qcn` applies to
 * every port without its own, the top-level `pfc` to every switch without its own (threshold
 * resume); each port draws its own random stream from the seed. Delays are the single-switch
 * scenario's (`delays.feedback`, and per sender group). Whole packets always. Errors name the field;
 * too many senders or bursts are refused before anything is built, unless `force`.
 * @example (await prepareNetworkScenario(json, 'parking-lot', '.')).network(1e-3).ports.length
 */
export async function prepareNetworkScenario(json: unknown, name: string, baseDir: string, options: { force?: boolean } = {}): Promise<PreparedNetwork> {
  const f = new Fields(json, '', TOP);
  const packetSize = f.quantity('packetSize', 'bytes', 1500);
  if (!(packetSize > 0)) throw new ScenarioError('packetSize', f.object.packetSize, 'a size > 0');
  const header = f.quantity('packetHeader', 'bytes', 0);
  if (!(header >= 0 && header < packetSize)) throw new ScenarioError('packetHeader', f.object.packetHeader, `a size ≥ 0 and below packetSize (${packetSize} B)`);
  const seed = f.number('seed', { integer: true, min: 0, fallback: 1 });
  const t = f.object_('topology', ['switches', 'links', 'receivers']);
  if (t === undefined) throw new ScenarioError('topology', undefined, 'an object with switches, links and receivers');

  // Switches, by name; PFC per switch (its own block, else the scenario's).
  const topPfc = parsePfc(f, 0);
  const names = new Map<string, number>();
  const switches: SwitchSpec[] = t.array('switches').map((value, k) => {
    const path = `topology.switches[${k}]`;
    const s = typeof value === 'string' ? new Fields({ name: value }, path, ['name']) : new Fields(value, path, ['name', 'pfc']);
    const switchName = s.string('name');
    if (names.has(switchName)) throw new ScenarioError(s.at('name'), switchName, 'a name no other switch has');
    names.set(switchName, k);
    const pfc = typeof value === 'string' ? topPfc : (parsePfc(s, 0) ?? topPfc);
    if (pfc?.resume === 'paper') throw new ScenarioError(typeof value === 'string' || !s.has('pfc') ? 'pfc.resume' : `${path}.pfc.resume`, 'paper', '"threshold" (in a topology a switch resumes when an ingress falls below X_on)');
    return { name: switchName, ...(pfc === undefined ? {} : { pfc: thresholds(pfc) }) };
  });
  const switchOf = (field: Fields, key: string): number => {
    const n = field.string(key);
    const k = names.get(n);
    if (k === undefined) throw new ScenarioError(field.at(key), n, `one of the switches (${[...names.keys()].join(', ')})`);
    return k;
  };

  // Egress ports: one per link, then one per receiver; marking per port, else the scenario's.
  const topEcn = parseEcn(f, packetSize, seed);
  const topQcn = parseQcn(f, seed);
  if (topEcn !== undefined && topQcn !== undefined) throw new ScenarioError('qcn', f.object.qcn, 'no "qcn" beside "ecn" (a port marks with one or the other)');
  const ports: EgressPortSpec[] = [];
  const marking = (p: Fields, index: number): Pick<EgressPortSpec, 'ecn' | 'qcn'> => {
    const ecn = parseEcn(p, packetSize, streamSeed(seed, index));
    const qcn = parseQcn(p, streamSeed(seed, index));
    if (ecn !== undefined && qcn !== undefined) throw new ScenarioError(p.at('qcn'), p.object.qcn, 'no "qcn" beside "ecn"');
    if (ecn !== undefined || qcn !== undefined) return { ecn, qcn };
    if (topEcn !== undefined) return { ecn: { ...topEcn, random: topEcn.random === 'expected' ? 'expected' : { seed: streamSeed(seed, index) } } };
    if (topQcn !== undefined) return { qcn: { ...topQcn, seed: streamSeed(seed, index) } };
    return {};
  };
  const positiveRate = (p: Fields): number => {
    const rate = p.quantity('rate', 'rate');
    if (!(rate > 0)) throw new ScenarioError(p.at('rate'), p.object.rate, 'a rate > 0');
    if (packetSize / rate < TIME_RESOLUTION) throw new ScenarioError(p.at('rate'), p.object.rate, `a rate at which a ${packetSize} B packet takes at least 1 ps`);
    return rate;
  };
  t.array('links').forEach((value, k) => {
    const l = new Fields(value, `topology.links[${k}]`, ['name', 'from', 'to', 'rate', 'delay', 'ecn', 'qcn']);
    const from = switchOf(l, 'from');
    const to = switchOf(l, 'to');
    if (from === to) throw new ScenarioError(l.at('to'), l.object.to, 'another switch than "from"');
    const delay = l.quantity('delay', 'time', 0);
    if (!(delay >= 0)) throw new ScenarioError(l.at('delay'), l.object.delay, 'a duration ≥ 0');
    ports.push({ name: l.has('name') ? l.string('name') : `${switches[from].name}→${switches[to].name}`, switch: from, rate: positiveRate(l), next: { switch: to, delay }, ...marking(l, ports.length) });
  });
  const receivers = new Map<string, number>();
  t.array('receivers').forEach((value, k) => {
    const r = new Fields(value, `topology.receivers[${k}]`, ['name', 'at', 'rate', 'ecn', 'qcn']);
    const receiver = r.string('name');
    if (receivers.has(receiver) || names.has(receiver)) throw new ScenarioError(r.at('name'), receiver, 'a name no switch or other receiver has');
    const at = switchOf(r, 'at');
    receivers.set(receiver, ports.length);
    ports.push({ name: `${switches[at].name}→${receiver}`, switch: at, rate: positiveRate(r), ...marking(r, ports.length) });
  });

  // Senders: groups at a switch, each flow routed to its receiver.
  const delays = new Fields(f.object.delays, 'delays', ['feedback', 'ack', 'notification', 'pause']);
  const feedback = delays.quantity('feedback', 'time');
  if (!(feedback > 0)) throw new ScenarioError('delays.feedback', delays.object.feedback, 'a duration > 0');
  // Too many senders or bursts are refused before anything is built (as for one switch).
  if (options.force !== true) {
    checkScenarioSize({
      senders: f.array('senders').map((value, k) => {
        const g = new Fields(value, `senders[${k}]`, ['count', 'name', 'at', 'to', 'arrival', 'cca', 'delays']);
        if (!g.has('arrival')) throw new ScenarioError(g.at('arrival'), undefined, 'an arrival pattern (the field is required)');
        return { count: g.number('count', { integer: true, min: 1, fallback: 1 }), arrival: parseArrival(g.object.arrival, g.at('arrival'), baseDir) };
      }),
    });
  }
  const groups = await Promise.all(
    f.array('senders').map(async (value, k) => {
      const path = `senders[${k}]`;
      const g = new Fields(value, path, ['count', 'name', 'at', 'to', 'arrival', 'cca', 'delays']);
      const at = switchOf(g, 'at');
      const to = g.string('to');
      const exit = receivers.get(to);
      if (exit === undefined) throw new ScenarioError(g.at('to'), to, `one of the receivers (${[...receivers.keys()].join(', ')})`);
      const route = routeTo(ports, at, exit);
      if (route === null) throw new ScenarioError(g.at('to'), to, `a receiver reachable from ${switches[at].name} over the links`);
      if (!g.has('arrival')) throw new ScenarioError(g.at('arrival'), undefined, 'an arrival pattern (the field is required)');
      const arrival = parseArrival(g.object.arrival, g.at('arrival'), baseDir);
      if (newConnectionInstants(arrival).length > 0) throw new ScenarioError(g.at('arrival'), g.object.arrival, 'one connection per sender (per-burst bursts and transfers need hosts, which a topology does not have yet)');
      const ccaValue = g.has('cca') ? g.object.cca : f.object.cca;
      if (ccaValue === undefined) throw new ScenarioError(g.at('cca'), undefined, 'a congestion-control algorithm here or a top-level "cca"');
      const cca = parseCca(ccaValue, g.has('cca') ? g.at('cca') : 'cca', ports[route[0]].rate, packetSize);
      if (cca.algorithm === 'vegas' || cca.algorithm === 'aimd-window') throw new ScenarioError(g.has('cca') ? g.at('cca') : 'cca', cca.algorithm, 'a rate-based algorithm (the network engine runs no windows yet)');
      if (cca.algorithm === 'qcn' && !route.some((p) => ports[p].qcn !== undefined)) throw new ScenarioError(g.has('cca') ? g.at('cca') : 'cca', 'qcn', `a QCN congestion point on ${path}'s route ("qcn" at the top or on its links)`);
      const own = g.object_('delays', ['ack', 'notification', 'pause']);
      const delay = (key: 'ack' | 'notification' | 'pause'): number => own?.quantity(key, 'time', Number.NaN) ?? Number.NaN;
      return {
        count: g.number('count', { integer: true, min: 1, fallback: 1 }),
        name: g.has('name') ? g.string('name') : undefined,
        route,
        curve: await arrivalCurve(onWire(arrival, packetSize, header)),
        cca,
        delays: {
          notificationDelay: pick(delay('notification'), delays.has('notification') ? delays.quantity('notification', 'time') : Number.NaN, feedback),
          pauseDelay: pick(delay('pause'), delays.has('pause') ? delays.quantity('pause', 'time') : Number.NaN, feedback),
          ackDelay: pick(delay('ack'), delays.has('ack') ? delays.quantity('ack', 'time') : Number.NaN, feedback),
        },
      };
    }),
  );

  const horizonValue = f.object.horizon;
  const untilComplete = horizonValue === 'until-complete';
  const slowest = Math.min(...ports.map((p) => p.rate));
  const totalBytes = groups.reduce((sum, g) => sum + g.count * g.curve.at(Infinity), 0);
  if (untilComplete && !Number.isFinite(totalBytes)) throw new ScenarioError('horizon', 'until-complete', 'a duration: a sender sends without end, so the run never completes');
  const horizon = untilComplete ? (10 * totalBytes) / slowest + 1e-3 : f.quantity('horizon', 'time');
  if (!(horizon > 0)) throw new ScenarioError('horizon', horizonValue, 'a duration > 0 or "until-complete"');
  const bin = f.quantity('bin', 'time', 1e-6);
  if (!(bin > 0)) throw new ScenarioError('bin', f.object.bin, 'a duration > 0');
  if (!untilComplete && bin > horizon) throw new ScenarioError('bin', f.object.bin, `a duration at most the horizon (${String(horizonValue)})`);
  const flows = (): NetworkFlowSpec[] =>
    groups.flatMap((g, k) =>
      Array.from({ length: g.count }, (_, j) => ({
        name: g.name !== undefined && g.count === 1 ? g.name : `${g.name ?? `g${k}-`}${j}`,
        arrivals: g.curve as Curve,
        cca: buildCca(g.cca),
        route: g.route,
        ...g.delays,
      })),
    );
  return {
    kind: 'network',
    name: f.has('name') ? f.string('name') : name,
    description: f.string('description', ''),
    horizon,
    untilComplete,
    bin,
    network: (h) => ({ switches, ports, flows: flows(), horizon: h, feedbackDelay: feedback, packets: { size: packetSize } }),
  };
}

/** PFC thresholds as the network engine takes them (threshold resume). */
function thresholds(p: PfcConfig): PfcConfig {
  return { xOff: p.xOff, xOn: p.xOn };
}

/** The first of the values that is a number. */
function pick(...xs: number[]): number {
  return xs.find((x) => !Number.isNaN(x))!;
}

/**
 * The fewest links from switch `from` to the switch of port `exit`, then `exit` (breadth first, links
 * in the order given); null when the links do not get there.
 */
function routeTo(ports: readonly EgressPortSpec[], from: number, exit: number): number[] | null {
  const target = ports[exit].switch;
  const via = new Map<number, number>([[from, -1]]);
  const queue = [from];
  while (queue.length > 0 && !via.has(target)) {
    const s = queue.shift()!;
    ports.forEach((p, k) => {
      if (p.switch === s && p.next !== undefined && !via.has(p.next.switch)) {
        via.set(p.next.switch, k);
        queue.push(p.next.switch);
      }
    });
  }
  if (!via.has(target)) return null;
  const route = [exit];
  for (let s = target; via.get(s)! >= 0; s = ports[via.get(s)!].switch) route.unshift(via.get(s)!);
  return route;
}
