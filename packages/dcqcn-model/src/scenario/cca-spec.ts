import { aimdRate, aimdWindow, dcqcn, fixedRate, qcn, vegas, vegasSocket, type CongestionControl, type DcqcnVariant } from '@ccalc/cca';
import { ScenarioError, TIME_RESOLUTION, type QuantityKind } from '../units.ts';
import { Fields } from './fields.ts';

/** A congestion-control algorithm of a scenario: its name and its parameters in SI units. */
export interface CcaSpec {
  algorithm: 'none' | 'aimd-rate' | 'aimd-window' | 'vegas' | 'dcqcn' | 'qcn';
  variant?: DcqcnVariant;
  parameters: Record<string, number | boolean | string>;
}

type Kind = QuantityKind | 'number' | 'boolean' | 'vegas-variant';

/** Each algorithm's parameters, their kinds, and which may be left out (then the default applies). */
const PARAMETERS: Record<string, Record<string, Kind>> = {
  none: { rate: 'rate' },
  'aimd-rate': { initialRate: 'rate', increase: 'rate', decrease: 'number', increaseInterval: 'time', timeout: 'time', maxRate: 'rate' },
  'aimd-window': { initialWindow: 'bytes', slowStartThreshold: 'bytes', increase: 'bytes', decrease: 'number', timeout: 'time', restartWindow: 'bytes' },
  vegas: { initialWindow: 'bytes', packetSize: 'bytes', variant: 'vegas-variant', alpha: 'number', beta: 'number', gamma: 'number' },
  'dcqcn:paper': { lineRate: 'rate', decrease: 'number', additiveIncrease: 'rate', increaseInterval: 'time', timeout: 'time' },
  'dcqcn:zhu2015': { lineRate: 'rate', minRate: 'rate', g: 'number', alphaPeriod: 'time', increasePeriod: 'time', byteCounter: 'bytes', fastRecoverySteps: 'number', additiveIncrease: 'rate', hyperIncrease: 'rate', initialAlpha: 'number' },
  'dcqcn:ns3-mlx': { lineRate: 'rate', minRate: 'rate', g: 'number', decreasePeriod: 'time', alphaPeriod: 'time', increasePeriod: 'time', fastRecoverySteps: 'number', additiveIncrease: 'rate', hyperIncrease: 'rate', clampTargetRate: 'boolean' },
  'dcqcn:trace-reference': { lineRate: 'rate', minRate: 'rate', g: 'number', multiplicativeIncrease: 'number', decreaseGate: 'time', tickPeriod: 'time' },
  qcn: { lineRate: 'rate', minRate: 'rate', maxDecrease: 'number', byteCounter: 'bytes', timer: 'time', fastRecoverySteps: 'number', additiveIncrease: 'rate', hyperIncrease: 'rate' },
  'dcqcn:nic': { maxRate: 'rate', initialRate: 'rate', minRate: 'rate', mergePeriod: 'time', alphaRateShift: 'number', alphaG: 'number', alphaTimer: 'time', noCnpTimer: 'time', byteCounter: 'bytes', rateAi: 'rate', rateHai: 'rate', fastRecoverySteps: 'number', initialAlpha: 'number' },
};

const MBPS = 1e6 / 8;

/**
 * Defaults, given the link rate C (bytes/s) and the packet size (bytes): the paper's Table II for
 * its DCQCN, ns-3's Mellanox-mode settings of shared/traces for ns3-mlx, the line rate for a
 * sender without congestion control, the line rate as initial and maximum rate for AIMD, and for
 * trace-reference ns3-mlx's gains and periods with an increase of 5 Mb/s per tick at 100 Gb/s,
 * and for QCN the QCN/ECM/SONAR slides' reaction point (R_min = 1 Mb/s, G_d·|Fb_max| = 0.5, a byte
 * counter of one packet / 1 % sampling, R_AI = 12 Mb/s) with 802.1Qau's 10 ms timer and 50 Mb/s R_HAI.
 * Parameters without a default (and not optional in the algorithm) must be given.
 */
function defaults(key: string, C: number, packetSize: number): Record<string, number | boolean | string> {
  switch (key) {
    case 'none':
      return { rate: C };
    case 'aimd-rate':
      return { initialRate: C, maxRate: C };
    case 'vegas':
      return { packetSize, variant: 'ns3' };
    case 'dcqcn:paper':
      return { lineRate: C, decrease: 0.75, additiveIncrease: 5 * MBPS, increaseInterval: 55e-6, timeout: 3e-3 };
    case 'dcqcn:ns3-mlx':
      return { lineRate: C, minRate: 100 * MBPS, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 5 * MBPS, hyperIncrease: 50 * MBPS, clampTargetRate: true };
    case 'qcn':
      return { lineRate: C, minRate: 1 * MBPS, maxDecrease: 0.5, byteCounter: packetSize / 0.01, timer: 10e-3, fastRecoverySteps: 5, additiveIncrease: 12 * MBPS, hyperIncrease: 50 * MBPS };
    case 'dcqcn:trace-reference':
      return { lineRate: C, minRate: 100 * MBPS, g: 1 / 256, multiplicativeIncrease: 5e-5, decreaseGate: 50e-6, tickPeriod: 55e-6 };
    default:
      return {};
  }
}

/** Parameters an algorithm may go without (it has its own default or behaviour). */
const OPTIONAL = new Set(['aimd-rate.timeout', 'vegas.alpha', 'vegas.beta', 'vegas.gamma', 'dcqcn:paper.timeout', 'dcqcn:nic.initialRate']);

/**
 * Reads a scenario's `cca` object: `{ "algorithm": "dcqcn", "variant": "ns3-mlx", "minRate": "100 Mbps", … }`.
 * Parameters take units; unknown parameters and missing required ones are errors naming the path.
 */
export function parseCca(value: unknown, path: string, linkRate: number, packetSize: number): CcaSpec {
  const head = new Fields(value, path, Object.keys(value !== null && typeof value === 'object' ? value : {}));
  const algorithm = head.choice('algorithm', ['none', 'aimd-rate', 'aimd-window', 'vegas', 'dcqcn', 'qcn'] as const);
  const variant = algorithm === 'dcqcn' ? head.choice('variant', ['paper', 'zhu2015', 'ns3-mlx', 'nic', 'trace-reference'] as const) : undefined;
  const key = variant === undefined ? algorithm : `dcqcn:${variant}`;
  const kinds = PARAMETERS[key];
  const f = new Fields(value, path, ['algorithm', ...(variant === undefined ? [] : ['variant']), ...Object.keys(kinds)]);
  const parameters = defaults(key, linkRate, packetSize);
  if (algorithm === 'vegas' && f.object.variant === 'ns3-socket') {
    // ns-3's socket: the window counts segments (the tcp block's), 10 at first.
    if (f.has('packetSize')) throw new ScenarioError(f.at('packetSize'), f.object.packetSize, 'no packetSize with variant "ns3-socket" (the segment is the "tcp" block\'s)');
    parameters.initialWindow = 10 * packetSize;
  }
  for (const [name, kind] of Object.entries(kinds)) {
    if (!f.has(name)) {
      if (parameters[name] === undefined && !OPTIONAL.has(`${key}.${name}`)) throw new ScenarioError(f.at(name), undefined, `${kind === 'number' || kind === 'boolean' ? `a ${kind}` : `a ${kind} with a unit`} (required for ${key})`);
      continue;
    }
    if (kind === 'number') parameters[name] = f.number(name);
    else if (kind === 'boolean') parameters[name] = f.boolean(name);
    else if (kind === 'vegas-variant') parameters[name] = f.choice(name, ['paper', 'ns3', 'ns3-socket'] as const);
    else {
      const x = f.quantity(name, kind);
      // Below a byte or the model's 1 ps time resolution a CCA parameter means nothing (a timer
      // every 10^-30 s would fire forever at one instant).
      if (kind === 'bytes' && x > 0 && x < 1) throw new ScenarioError(f.at(name), f.object[name], 'a size of at least 1 B (or 0)');
      if (kind === 'time' && x > 0 && x < TIME_RESOLUTION) throw new ScenarioError(f.at(name), f.object[name], "a duration of at least 1 ps, the model's time resolution (or 0)");
      parameters[name] = x;
    }
  }
  if (parameters.variant === 'ns3-socket') {
    const w = parameters.initialWindow as number;
    if (!Number.isInteger(w / packetSize) || w <= 0) throw new ScenarioError(f.at('initialWindow'), f.object.initialWindow, `whole segments of ${packetSize} B (ns-3 counts the window in segments)`);
  }
  return { algorithm, variant, parameters };
}

/**
 * The CongestionControl of a spec (parameters are checked again by the algorithm itself); Vegas
 * "ns3-socket" counts in segments of `segmentSize` bytes (the scenario's `tcp` block).
 */
export function buildCca(spec: CcaSpec, segmentSize?: number): CongestionControl<unknown> {
  const p = spec.parameters as never; // validated against PARAMETERS when parsed
  switch (spec.algorithm) {
    case 'none':
      return fixedRate(spec.parameters.rate as number) as CongestionControl<unknown>;
    case 'aimd-rate':
      return aimdRate(p) as CongestionControl<unknown>;
    case 'aimd-window':
      return aimdWindow(p) as CongestionControl<unknown>;
    case 'vegas': {
      const v = spec.parameters as { variant: string; initialWindow: number; alpha?: number; beta?: number; gamma?: number };
      if (v.variant !== 'ns3-socket') return vegas(p) as CongestionControl<unknown>;
      const mss = segmentSize!;
      return vegasSocket({ segmentSize: mss, initialSegments: v.initialWindow / mss, alpha: v.alpha, beta: v.beta, gamma: v.gamma }) as CongestionControl<unknown>;
    }
    case 'qcn':
      return qcn(p) as CongestionControl<unknown>;
    default:
      return dcqcn(spec.variant!, p);
  }
}
