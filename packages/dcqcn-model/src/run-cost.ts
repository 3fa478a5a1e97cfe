import { totalmem } from 'node:os';
import type { NetworkModel, PathServerModel } from '@ccalc/cca';
import { ScenarioError } from './units.ts';
import type { Scenario } from './scenario/scenario.ts';
import { arrivalParts } from './scenario/arrivals.ts';

/**
 * What one run may need before ccalc refuses it (unless `--force`). Each guards against a mistake
 * that would otherwise run out of memory or run for days, and is far above any study the README
 * describes (10,000 senders, a few seconds simulated, 1 µs bins):
 * - senders in all: each is a flow with its own state and curves;
 * - bursts (or transfers) per sender: each is two breakpoints of its arrival curve, built before
 *   the run, and with whole packets a connection of its own;
 * - rows of series.csv (horizon / bin; 2 million is about 80 MB), and of senders.csv (× senders;
 *   20 million rows take about half a minute to write);
 * - whole packets to send by the horizon: the event engine's work grows with them (0.2–1 µs each);
 * - rows of events.csv (about 90 bytes each): past the limit the run goes on and writes its other
 *   files, and events.csv only with `--all-events` (10,000 senders × 1 MB log 4.8·10⁸ events,
 *   43 GB), and then only when its table fits in `memoryBytes` (see {@link eventTableBytes});
 * - computing time, projected from the pace of the run so far (see {@link runawayGuard}).
 */
export const RUN_LIMITS: RunLimits = {
  senders: 1_000_000,
  burstsPerSender: 1_000_000,
  seriesRows: 2_000_000,
  senderRows: 20_000_000,
  packets: 100_000_000,
  eventRows: 20_000_000,
  computeSeconds: 3600,
  memoryBytes: totalmem(),
};

/** Limits of one run (see RUN_LIMITS; the fuzzer lowers computeSeconds in its worker threads). */
export interface RunLimits {
  senders: number;
  burstsPerSender: number;
  seriesRows: number;
  senderRows: number;
  packets: number;
  eventRows: number;
  computeSeconds: number;
  /** The machine's memory (bytes; os.totalmem()), which events.csv's table must fit beside the run. */
  memoryBytes: number;
}

/**
 * The memory (bytes) that writing events.csv of `events` rows takes at its peak: the table of
 * every row in time order (`eventTable`: time, sender, kind and the state after, with the timer
 * runs expanded) is built whole before its first row is written. Measured with
 * `process.memoryUsage()` after the table of 31 and 310 senders × 1 MB (ns3-mlx DCQCN + PFC):
 * 27 and 38 bytes a row stay; its columns double as they grow, so up to twice that while it is
 * built: 80 bytes a row. 10,000 senders × 1 MB log 4.8·10⁸ events: 38 GB.
 * @example eventTableBytes(120_554) // 9644320
 */
export function eventTableBytes(events: number): number {
  return events * 80;
}

const FORCE = 'or --force to run it anyway';

const count = (x: number): string => (x < 1e15 ? Math.round(x).toLocaleString('en-US') : x.toExponential(2));

/**
 * Refuses a scenario whose size alone is beyond the limits, before anything is built from it:
 * too many senders (`senders[k].count`, counted over every group) or too many bursts for one sender
 * (`senders[k].arrival.count`). Throws a ScenarioError naming the field and the figure.
 * @example checkScenarioSize(parseScenario(json, 'x', '.'))
 */
export function checkScenarioSize(s: { senders: readonly Pick<Scenario['senders'][number], 'count' | 'arrival'>[] }): void {
  let senders = 0;
  s.senders.forEach((g, k) => {
    senders += g.count;
    if (senders > RUN_LIMITS.senders) throw new ScenarioError(`senders[${k}].count`, g.count, `at most ${count(RUN_LIMITS.senders)} senders in all (${FORCE})${senders === g.count ? '' : `; with the groups before it that makes ${count(senders)}`}`);
    const bursts = arrivalParts(g.arrival).reduce((n, a) => n + (a.pattern === 'repeated-bursts' ? a.count : a.pattern === 'transfers' ? a.transfers.length : 0), 0);
    if (bursts > RUN_LIMITS.burstsPerSender) {
      const field = g.arrival.pattern === 'repeated-bursts' ? `senders[${k}].arrival.count` : g.arrival.pattern === 'transfers' ? `senders[${k}].arrival.transfers` : `senders[${k}].arrival`;
      throw new ScenarioError(field, bursts, `at most ${count(RUN_LIMITS.burstsPerSender)} bursts per sender (${FORCE})`);
    }
  });
}

/**
 * Refuses a network run whose output or work is beyond the limits, before it computes: the rows of
 * ports.csv and flows.csv (a row per port or flow and bin) and the packet transmissions by the
 * horizon (each packet once per port of its route). Throws a ScenarioError naming where the bin or
 * the horizon came from, with the estimate.
 * @example checkNetworkSize(parkingLotNetwork(), 1e-3, { binField: '--bin', bin: '1ms', horizonField: 'horizon', horizon: '50 ms' })
 */
export function checkNetworkSize(model: NetworkModel, bin: number, where: { binField: string; bin: unknown; horizonField: string; horizon: unknown }): void {
  const rows = model.horizon / bin;
  const most = Math.max(model.ports.length, model.flows.length);
  if (rows * most > RUN_LIMITS.senderRows) throw new ScenarioError(where.binField, where.bin, `a bin that gives at most ${count(RUN_LIMITS.senderRows)} rows of ports.csv and flows.csv (${FORCE}); this one gives ${count(rows * most)} over ${model.horizon} s`);
  const transmissions = model.flows.reduce((sum, f) => sum + (f.arrivals.at(model.horizon) / model.packets.size) * f.route.length, 0);
  if (transmissions > RUN_LIMITS.packets) throw new ScenarioError(where.horizonField, where.horizon, `a run of at most ${count(RUN_LIMITS.packets)} packet transmissions (${FORCE}); the flows' packets cross ${count(transmissions)} ports by ${model.horizon} s`);
}

/**
 * Refuses a run whose output or work is beyond the limits, before it computes: the rows of
 * series.csv (and of senders.csv with `senders`) for `bin`, and the whole packets the senders send
 * by the horizon. `binField` and `horizonField` name where the bin and the horizon came from (a
 * flag or a scenario's field). Throws a ScenarioError naming the field and the estimate.
 * @example checkRunSize(ns3IncastModel(), 1e-6, { senders: false, binField: '--bin', horizonField: 'horizon' })
 */
export function checkRunSize(model: PathServerModel, bin: number, where: { senders: boolean; binField: string; bin: unknown; horizonField: string; horizon: unknown }): void {
  const rows = model.horizon / bin;
  if (rows > RUN_LIMITS.seriesRows) throw new ScenarioError(where.binField, where.bin, `a bin that gives at most ${count(RUN_LIMITS.seriesRows)} rows of series.csv (${FORCE}); this one gives ${count(rows)} over ${model.horizon} s`);
  if (where.senders && rows * model.flows.length > RUN_LIMITS.senderRows) {
    throw new ScenarioError(where.binField, where.bin, `a bin that gives at most ${count(RUN_LIMITS.senderRows)} rows of senders.csv (${FORCE}, or leave out --senders); this one gives ${count(rows * model.flows.length)}`);
  }
  if (model.packets !== undefined) {
    const bytes = model.flows.reduce((sum, f) => sum + f.arrivals.at(model.horizon), 0);
    const packets = bytes / model.packets.size;
    if (packets > RUN_LIMITS.packets) throw new ScenarioError(where.horizonField, where.horizon, `a run of at most ${count(RUN_LIMITS.packets)} packets (${FORCE}); the senders send ${count(packets)} (${(bytes / 1e9).toPrecision(3)} GB) by ${model.horizon} s`);
  }
}

/**
 * A progress callback that stops a run that would take too long: from the pace so far (simulated
 * time per second of computing), it projects the time to reach `expected` seconds simulated, and
 * throws a ScenarioError naming the horizon, where the run stopped and the projection when that
 * exceeds `RUN_LIMITS.computeSeconds`: once `after` seconds have passed if it exceeds it a hundred
 * times (a horizon mistyped by orders of magnitude), else only once a sixtieth of the limit has
 * passed (a minute of the hour). A run's pace is not constant: 10,000 senders × 1 MB take 2 s for
 * their first 61 µs, every sender sending, and 8 s for all 800 ms, most of it waiting for their
 * last packets, so the first seconds' pace projected 11 h for it. `clock` is the wall clock in ms
 * (performance.now).
 * @example runModel(model, { onProgress: runawayGuard('horizon', '1e9 s', model.horizon, 2, () => performance.now()) })
 */
export function runawayGuard(field: string, value: unknown, expected: number, after: number, clock: () => number): (time: number) => void {
  const start = clock();
  const limit = RUN_LIMITS.computeSeconds;
  return (time) => {
    const elapsed = (clock() - start) / 1e3;
    if (elapsed < after || !(time > 0)) return;
    const projected = (elapsed * expected) / time;
    if (projected > 100 * limit || (projected > limit && elapsed >= limit / 60)) {
      throw new ScenarioError(field, value, `a run that computes in at most ${duration(limit)} (${FORCE}): stopped at ${simulated(time)} simulated after ${elapsed.toFixed(1)} s; reaching ${simulated(expected)} at that pace would take ${duration(projected)}`);
    }
  };
}

/** A simulated time (s) in µs, ms or s, 4 digits: "12.04 s". */
function simulated(t: number): string {
  if (t < 1e-3) return `${Number((t * 1e6).toPrecision(4))} µs`;
  if (t < 1) return `${Number((t * 1e3).toPrecision(4))} ms`;
  return `${Number(t.toPrecision(4))} s`;
}

/** A duration in s as words, 2 digits: "5 s", "3.2 h", "14 days", "130 years". */
function duration(seconds: number): string {
  if (seconds < 120) return `${Number(seconds.toPrecision(2))} s`;
  if (seconds < 2 * 86400) return `${Number((seconds / 3600).toPrecision(2))} h`;
  if (seconds < 2 * 365 * 86400) return `${Math.round(seconds / 86400)} days`;
  return `${Number((seconds / (365 * 86400)).toPrecision(2))} years`;
}
