import { rate, rateLatency, type Curve } from '@ccalc/curves';
import { newConnectionsAt, type CongestionControl, type EcnConfig, type FlowSpec, type HostSpec, type LinkSpec, type PathServerModel, type PfcConfig, type QcnConfig, type TcpPath } from '@ccalc/cca';
import { readJsonFile } from '../json-file.ts';
import { basename, dirname } from 'node:path';
import { ScenarioError, TIME_RESOLUTION } from '../units.ts';
import type { BuiltIn, Clock } from '../scenarios.ts';
import { arrivalCurve, arrivalParts, connectionPatterns, newConnectionInstants, onWire, parseArrival, type ArrivalPattern } from './arrivals.ts';
import { buildCca, parseCca, type CcaSpec } from './cca-spec.ts';
import { Fields } from './fields.ts';
import { parseEcn, parsePfc, parseQcn } from './switch-config.ts';
import { prepareNetworkScenario, type PreparedNetwork } from './network-scenario.ts';
import { checkScenarioSize } from '../run-cost.ts';

/** Feedback delays (s): acknowledgements, congestion notifications and PFC frames. */
export interface Delays {
  ack?: number;
  notification?: number;
  pause?: number;
}

export interface SenderGroup {
  count: number;
  /** The senders' access link to the switch (segment engine), if given. */
  access?: LinkSpec;
  /** Flow names: `name` alone for a single sender, else name0, name1, … (default g<k>-0, …). */
  name?: string;
  arrival: ArrivalPattern;
  cca: CcaSpec;
  delays: Delays;
}

/** A validated scenario file, in SI units. */
export interface Scenario {
  name: string;
  description: string;
  link: { rate: number; latency: number; propagation: number };
  /** TCP senders' path (segment engine): sizes on the wire, from a `tcp` block. */
  tcp?: TcpPath;
  packetSize: number;
  wholePackets: boolean;
  /** ΔR, the default of every delay (s). */
  feedbackDelay: number;
  delays: Delays;
  senders: SenderGroup[];
  ecn?: EcnConfig;
  /** A QCN congestion point at the switch (instead of ECN marking). */
  qcn?: QcnConfig;
  pfc?: PfcConfig;
  horizon: number | 'until-complete';
  bin: number;
  /** Seed of random marking. */
  seed: number;
  /** The model's clock against a simulator's hosts (`delays.senderToSwitch`, `delays.switchToReceiver`), if given. */
  clock?: Clock;
}

const TOP = ['name', 'description', 'link', 'packetSize', 'packetHeader', 'wholePackets', 'delays', 'senders', 'cca', 'ecn', 'qcn', 'pfc', 'horizon', 'seed', 'bin', 'tcp'];
const DELAYS = ['feedback', 'ack', 'notification', 'pause', 'senderToSwitch', 'switchToReceiver'];

function parseDelays(f: Fields | undefined): Delays {
  if (f === undefined) return {};
  const d: Delays = {};
  for (const k of ['ack', 'notification', 'pause'] as const) if (f.has(k)) d[k] = f.quantity(k, 'time');
  return d;
}

/**
 * Validates a scenario (parsed JSON) and converts it to SI units. The format is documented in the
 * repository README ("Scenario files"). Every error is a ScenarioError naming the field's path, the
 * value and what was expected; unknown fields are errors. `baseDir` resolves trace-file paths.
 * @example parseScenario({ link: { rate: '100 Gbps' }, delays: { feedback: '4 us' }, senders: [{ count: 2, arrival: { pattern: 'burst', size: '1 MB' } }], cca: { algorithm: 'none' }, horizon: '1 ms' }, 'two', '.')
 */
export function parseScenario(json: unknown, name: string, baseDir: string): Scenario {
  const f = new Fields(json, '', TOP);
  const link = new Fields(f.object.link, 'link', ['rate', 'latency', 'propagation']);
  const C = link.quantity('rate', 'rate');
  if (!(C > 0)) throw new ScenarioError('link.rate', link.object.rate, 'a rate > 0');
  const tcp = parseTcp(f);
  if (tcp !== undefined) for (const key of ['packetSize', 'packetHeader', 'wholePackets'] as const) if (f.has(key)) throw new ScenarioError(key, f.object[key], `no "${key}" beside "tcp" (its segment and header sizes say what goes on the wire)`);
  const packetSize = tcp !== undefined ? tcp.segmentSize + tcp.header : f.quantity('packetSize', 'bytes', 1048);
  if (!(packetSize > 0)) throw new ScenarioError('packetSize', f.object.packetSize, 'a size > 0');
  // The engines tell instants apart to 1 ps: a packet must take at least that long on the link.
  if (packetSize / C < TIME_RESOLUTION) throw new ScenarioError('link.rate', link.object.rate, `a rate at which a ${packetSize} B packet takes at least 1 ps, the model's time resolution (at most ${(packetSize * 8e12) / 1e9} Gbps)`);
  const header = f.quantity('packetHeader', 'bytes', 0);
  if (!(header >= 0 && header < packetSize)) throw new ScenarioError('packetHeader', f.object.packetHeader, `a size ≥ 0 and below packetSize (${packetSize} B)`);
  const seed = f.number('seed', { integer: true, min: 0, fallback: 1 });
  const ccaSize = tcp?.segmentSize ?? packetSize;
  const defaultCca = f.has('cca') ? parseCca(f.object.cca, 'cca', C, ccaSize) : undefined;

  const senders = f.array('senders').map((value, k): SenderGroup => {
    const path = `senders[${k}]`;
    const g = new Fields(value, path, ['count', 'name', 'arrival', 'cca', 'delays', 'access']);
    const cca = g.has('cca') ? parseCca(g.object.cca, `${path}.cca`, C, ccaSize) : defaultCca;
    if (cca === undefined) throw new ScenarioError(`${path}.cca`, undefined, 'a congestion-control algorithm here or a top-level "cca"');
    if (!g.has('arrival')) throw new ScenarioError(`${path}.arrival`, undefined, 'an arrival pattern (the field is required)');
    const arrival = parseArrival(g.object.arrival, `${path}.arrival`, baseDir);
    const perAck = isSegmentCca(cca);
    if (perAck && tcp === undefined) throw new ScenarioError('tcp', undefined, `a "tcp" block (segment and header sizes): ${path}.cca (vegas "ns3-socket") runs TCP segment by segment`);
    if (!perAck && tcp !== undefined) throw new ScenarioError(`${path}.cca`, cca.variant ?? cca.algorithm, 'vegas "ns3-socket" beside "tcp" (the segment engine runs only CCAs that react to each acknowledgement)');
    if (perAck && newConnectionInstants(arrival).length > 0) throw new ScenarioError(`${path}.arrival.connection`, 'per-burst', '"persistent" (a TCP sender here is one connection)');
    const a = g.object_('access', ['rate', 'propagation']);
    let access: LinkSpec | undefined;
    if (a !== undefined) {
      access = { rate: a.quantity('rate', 'rate'), propagation: a.quantity('propagation', 'time', 0) };
      if (!(access.rate > 0)) throw new ScenarioError(`${path}.access.rate`, a.object.rate, 'a rate > 0');
      if (!(access.propagation >= 0)) throw new ScenarioError(`${path}.access.propagation`, a.object.propagation, 'a duration ≥ 0');
      if (tcp === undefined) throw new ScenarioError(`${path}.access`, a.object, 'no access link without "tcp" (only the segment engine models the senders\' links)');
    }
    return {
      count: g.number('count', { integer: true, min: 1, fallback: 1 }),
      name: g.has('name') ? g.string('name') : undefined,
      access,
      // TCP senders' writes are application bytes (the segment engine adds the headers).
      arrival: tcp === undefined ? onWire(arrival, packetSize, header) : arrival,
      cca,
      delays: parseDelays(g.object_('delays', ['ack', 'notification', 'pause'])),
    };
  });
  if (tcp !== undefined && (f.has('ecn') || f.has('pfc'))) throw new ScenarioError(f.has('ecn') ? 'ecn' : 'pfc', f.object[f.has('ecn') ? 'ecn' : 'pfc'], 'nothing beside "tcp" yet (the segment engine has no ECN marking or PFC)');

  // TCP senders need no delays: their acknowledgements are timed on the path.
  const delays = new Fields(f.object.delays ?? (tcp !== undefined ? {} : undefined), 'delays', DELAYS);
  const ecn = parseEcn(f, packetSize, seed);

  const qcn = parseQcn(f, seed);
  if (qcn !== undefined && ecn !== undefined) throw new ScenarioError('qcn', f.object.qcn, 'no "qcn" beside "ecn" (a switch port marks with one or the other)');
  if (qcn !== undefined && !f.boolean('wholePackets', false)) throw new ScenarioError('wholePackets', f.object.wholePackets ?? false, 'true beside "qcn" (the congestion point samples whole frames; the event engine runs it)');
  const rp = senders.findIndex((g) => g.cca.algorithm === 'qcn');
  if (rp >= 0 && qcn === undefined) throw new ScenarioError('qcn', undefined, `a "qcn" congestion point: senders[${rp}] run a QCN reaction point, which reacts to its feedback`);

  const pfc = parsePfc(f, C);

  const horizon = f.object.horizon === 'until-complete' ? 'until-complete' : f.quantity('horizon', 'time');
  if (horizon !== 'until-complete' && !(horizon > 0)) throw new ScenarioError('horizon', f.object.horizon, 'a duration > 0 or "until-complete"');
  if (horizon === 'until-complete') {
    const endless = senders.findIndex((s) => arrivalParts(s.arrival).some((a) => a.pattern === 'constant-rate' && a.stop === Infinity));
    if (endless >= 0) throw new ScenarioError('horizon', 'until-complete', `a duration: senders[${endless}] sends at a constant rate without "stop" or "size", so it never completes`);
  }
  const bin = f.quantity('bin', 'time', 1e-6);
  if (!(bin > 0)) throw new ScenarioError('bin', f.object.bin, 'a duration > 0');
  if (horizon !== 'until-complete' && bin > horizon) throw new ScenarioError('bin', f.object.bin, `a duration at most the horizon (${f.object.horizon as string})`);
  const clock = delays.has('senderToSwitch') || delays.has('switchToReceiver') ? { senderToSwitch: delays.quantity('senderToSwitch', 'time', 0), switchToReceiver: delays.quantity('switchToReceiver', 'time', 0) } : undefined;
  // TCP senders time their acknowledgements on the path; ΔR is then only the path-server model's
  // placeholder (the round trip of the propagation delays, or 1 us).
  const propagation = link.quantity('propagation', 'time', 0);
  if (!(propagation >= 0)) throw new ScenarioError('link.propagation', link.object.propagation, 'a duration ≥ 0');
  if (f.has('link') && link.has('propagation') && tcp === undefined) throw new ScenarioError('link.propagation', link.object.propagation, 'no propagation without "tcp" (the path-server model has ΔR, "delays.feedback")');
  const roundTrip = 2 * (propagation + Math.max(0, ...senders.map((g) => g.access?.propagation ?? 0)));
  const feedbackDelay = tcp !== undefined && !delays.has('feedback') ? roundTrip || 1e-6 : delays.quantity('feedback', 'time');
  if (!(feedbackDelay > 0)) throw new ScenarioError('delays.feedback', delays.object.feedback, 'a duration > 0');
  if (tcp !== undefined) tcp.propagation = propagation;

  return {
    name: outputName(f, name),
    description: f.string('description', ''),
    link: { rate: C, latency: link.quantity('latency', 'time', 0), propagation },
    tcp,
    packetSize,
    wholePackets: f.boolean('wholePackets', false),
    feedbackDelay,
    delays: parseDelays(delays),
    senders,
    ecn,
    qcn,
    pfc,
    horizon,
    bin,
    seed,
    clock,
  };
}

/**
 * The path-server model of a scenario for a horizon (s), given each group's arrival curve and, for
 * senders that are hosts with several connections, each connection's (`connections`, from
 * `connectionCurves`). Delays: a group's own, else the scenario's, else ΔR (`delays.feedback`).
 * With `connections`, every sender is a host (`hosts`) and each of its connections a flow with
 * fresh CCA state, named `<sender>/<k>`; without, a sender is one flow, which opens a new CCA state
 * at each later connection's start (`newConnectionsAt`, the fluid approximation).
 */
export function scenarioModel(s: Scenario, arrivals: readonly Curve[], horizon: number, connections?: readonly (readonly Curve[])[]): PathServerModel {
  const hosts: HostSpec[] = [];
  const flows: FlowSpec[] = s.senders.flatMap((g, k) =>
    Array.from({ length: g.count }, (_, j) => {
      const name = g.name !== undefined && g.count === 1 ? g.name : `${g.name ?? `g${k}-`}${j}`;
      const flow = {
        access: g.access,
        ackDelay: g.delays.ack ?? s.delays.ack ?? s.feedbackDelay,
        notificationDelay: g.delays.notification ?? s.delays.notification ?? s.feedbackDelay,
        pauseDelay: g.delays.pause ?? s.delays.pause ?? s.feedbackDelay,
      };
      if (connections === undefined) return [{ ...flow, arrivals: arrivals[k], cca: perBurstStates(buildCca(g.cca, s.tcp?.segmentSize), newConnectionInstants(g.arrival)), name }];
      const host = hosts.push({ name }) - 1;
      return connections[k].map((curve, c) => ({ ...flow, arrivals: curve, cca: buildCca(g.cca, s.tcp?.segmentSize), host, name: `${name}/${c}` }));
    }).flat(),
  );
  return {
    service: s.link.latency > 0 ? rateLatency(s.link.rate, s.link.latency) : rate(s.link.rate),
    flows,
    ...(connections === undefined ? {} : { hosts }),
    horizon,
    feedbackDelay: s.feedbackDelay,
    ecn: s.ecn,
    qcn: s.qcn,
    pfc: s.pfc,
    packets: s.wholePackets ? { size: s.packetSize } : undefined,
    tcp: s.tcp,
  };
}

/**
 * A scenario's `tcp` block: `{ "segment": "1000 B", "header": "54 B", "ack": "54 B", "syn": "62 B" }`
 * (the MSS; headers per segment on the wire, default 54 = TCP 20 + IPv4 20 + layer 2 14; a pure
 * acknowledgement's size, default the header's; the SYN's and SYN-ACK's, default the header + 8 for
 * the window-scale and SACK-permitted options). Whole bytes. `"delayedAck": { "count": 2,
 * "timeout": "200 ms" }` (ns-3's defaults when given) delays acknowledgements as ns-3's receiver
 * does; without it every segment is acknowledged at once. The propagation comes from `link`.
 */
function parseTcp(f: Fields): TcpPath | undefined {
  const t = f.object_('tcp', ['segment', 'header', 'ack', 'syn', 'delayedAck']);
  if (t === undefined) return undefined;
  const whole = (key: string, fallback?: number, min = 1): number => {
    const x = t.quantity(key, 'bytes', fallback);
    if (!(Number.isInteger(x) && x >= min)) throw new ScenarioError(t.at(key), t.object[key], `a whole number of bytes ≥ ${min}`);
    return x;
  };
  const header = whole('header', 54, 0);
  const d = t.object_('delayedAck', ['count', 'timeout']);
  let delayedAck: TcpPath['delayedAck'];
  if (d !== undefined) {
    delayedAck = { count: d.number('count', { integer: true, min: 1, fallback: 2 }), timeout: d.quantity('timeout', 'time', 0.2) };
    if (!(delayedAck.timeout > 0)) throw new ScenarioError(d.at('timeout'), d.object.timeout, 'a duration > 0');
  }
  return { segmentSize: whole('segment'), header, ackSize: whole('ack', Math.max(1, header)), synSize: whole('syn', header + 8), propagation: 0, ...(delayedAck === undefined ? {} : { delayedAck }) };
}

/** Whether a CCA spec runs on the segment engine (it reacts to each acknowledgement). */
function isSegmentCca(cca: CcaSpec): boolean {
  return cca.algorithm === 'vegas' && cca.parameters.variant === 'ns3-socket';
}

/** The CCA of a sender that opens new connections at these instants (itself if none). */
function perBurstStates(cca: FlowSpec['cca'], instants: number[]): FlowSpec['cca'] {
  return instants.length === 0 ? cca : newConnectionsAt(cca, instants);
}

/** Letters, digits, '-', '_' and '.', not dots alone: a scenario's name is its output folder's. */
const SAFE_NAME = /^(?!\.+$)[A-Za-z0-9_.-]{1,100}$/;

/**
 * The scenario's name, which names its output folder (OUT/<name> in a batch): the file's `name`,
 * refused unless safe (no separators, no "..", not empty), or else the file name with every other
 * character made '-'.
 */
function outputName(f: Fields, fallback: string): string {
  if (!f.has('name')) return fallback.replace(/[^A-Za-z0-9_.-]/g, '-').replace(/^\.+$/, 'scenario') || 'scenario';
  const name = f.string('name');
  if (!SAFE_NAME.test(name)) throw new ScenarioError('name', name, 'a name of letters, digits, "-", "_" and "." (it names the output folder: no "/", no "..", not empty)');
  return name;
}

/** Whether a CCA limits its sender by a rate (as a NIC shared between fluid connections needs). */
function rateLimited(cca: CongestionControl<unknown>): boolean {
  return cca.limit(cca.initial()).kind === 'rate';
}

/** A scenario ready to run, as a built-in is, with its name, bin and whether it runs until complete. */
export type PreparedScenario = BuiltIn & { name: string; bin: number; untilComplete: boolean; seed: number };

/**
 * Each group's connections' arrival curves when its senders are hosts with several connections
 * (`connectionPatterns`: a connection per burst with `"connection": "per-burst"`, per transfer), in
 * order of their start; undefined when no sender has more than one. With whole packets the event
 * engine runs such hosts, and with fluid senders limited by a rate the curve engine (the NIC shared
 * max-min fair, `fluidNicAdmission`). Fluid senders limited by a window stay one flow per sender,
 * which opens a new CCA state per connection, bytes still waiting carried on under it
 * (`newConnectionsAt`).
 */
export async function connectionCurves(s: Scenario): Promise<Curve[][] | undefined> {
  const patterns = s.senders.map((g) => connectionPatterns(g.arrival));
  if (s.tcp !== undefined || patterns.every((p) => p.length < 2)) return undefined;
  if (!s.wholePackets && !s.senders.every((g) => rateLimited(buildCca(g.cca)))) return undefined;
  return Promise.all(patterns.map((p) => Promise.all(p.map(arrivalCurve))));
}

/**
 * Reads, validates and prepares a scenario file: the result runs like a built-in scenario. Errors
 * start with the file name: `incast.json: senders[0].arrival.size: expected a size such as "10 MB" …`.
 * See {@link prepareScenario} for the rest.
 */
export async function loadScenarioFile(file: string, options: { force?: boolean } = {}): Promise<PreparedScenario> {
  const json = await readJsonFile(file, 'a scenario file');
  try {
    return await prepareScenario(json, basename(file).replace(/\.json$/, ''), dirname(file), options);
  } catch (e) {
    if (e instanceof Error) e.message = `${file}: ${e.message}`;
    throw e;
  }
}

/**
 * A scenario file of either kind: one switch (`prepareScenario`) or, with a `topology`, a network
 * (`prepareNetworkScenario`). Errors start with the file's path.
 */
export async function loadAnyScenarioFile(file: string, options: { force?: boolean } = {}): Promise<PreparedScenario | PreparedNetwork> {
  const json = await readJsonFile(file, 'a scenario file');
  const name = basename(file).replace(/\.json$/, '');
  try {
    const isNetwork = json !== null && typeof json === 'object' && 'topology' in json;
    return await (isNetwork ? prepareNetworkScenario(json, name, dirname(file), options) : prepareScenario(json, name, dirname(file), options));
  } catch (e) {
    if (e instanceof Error) e.message = `${file}: ${e.message}`;
    throw e;
  }
}

/**
 * Validates and prepares a scenario (parsed JSON; `name` if it has none, `baseDir` for the paths of
 * trace files): the result runs like a built-in scenario. A horizon of "until-complete" becomes a
 * first guess (the time to send every byte at the link rate, × 1.5, + 1 ms) that the runner extends
 * until every sender has finished. Too many senders or bursts are refused before anything is built
 * (`checkScenarioSize`), unless `force`.
 * @example (await prepareScenario(json, 'incast', '.')).model(1e-3).flows.length
 */
export async function prepareScenario(json: unknown, name: string, baseDir: string, options: { force?: boolean } = {}): Promise<PreparedScenario> {
  const s = parseScenario(json, name, baseDir);
  if (options.force !== true) checkScenarioSize(s);
  const arrivals = await Promise.all(s.senders.map((g) => arrivalCurve(g.arrival)));
  const connections = await connectionCurves(s);
  const totalBytes = s.senders.reduce((sum, g, k) => sum + g.count * arrivals[k].at(Infinity), 0);
  return {
    name: s.name,
    description: s.description,
    horizon: s.horizon === 'until-complete' ? (1.5 * totalBytes) / s.link.rate + 1e-3 : s.horizon,
    untilComplete: s.horizon === 'until-complete',
    bin: s.bin,
    seed: s.seed,
    model: (h) => scenarioModel(s, arrivals, h, connections),
    clock: s.clock,
  };
}
