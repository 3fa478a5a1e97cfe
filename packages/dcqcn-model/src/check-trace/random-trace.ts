import { seededRandom } from '@ccalc/cca';
import type { DcqcnParameters } from './rules.ts';
import type { DcqcnTraceEvent } from './writer.ts';

/** Parameters of a random DCQCN trace (for tests and benchmarks). */
export interface RandomTraceOptions {
  seed: number;
  flows?: number;
  /** Sinks; flow j goes to sink j mod sinks, so several flows may share a sink's gate. */
  sinks?: number;
}

/** The parameter block every endpoint of a random trace uses: 100 Gb/s, g = 1/256, 50 µs. */
export const RANDOM_TRACE_PARAMETERS: DcqcnParameters = { g: 3_906_250, mi: 5_000_000, cnpInterval: 50_000, minRate: 100_000_000, maxRate: 100_000_000_000 };

/**
 * A random, well-timed sequence of DCQCN events on a 1 µs grid (so that instants are often shared):
 * each sink sends CNPs at least cnp_interval_ns apart, to its flows in turn at random; each CNP is
 * received 0–20 µs later or lost (1 in 10); each source ticks every 55 µs with a random phase.
 * Endpoints: sources 0..flows−1, sinks 1000.. . In time order, a CNP's send before its receipt.
 * Endless: take as many as needed (every prefix is a valid trace).
 * @example const events = randomDcqcnEventStream({ seed: 1 }); events.next().value
 */
export function* randomDcqcnEventStream(options: RandomTraceOptions): Generator<DcqcnTraceEvent> {
  const u = seededRandom(options.seed);
  const flows = options.flows ?? 4;
  const sinks = options.sinks ?? 2;
  const interval = RANDOM_TRACE_PARAMETERS.cnpInterval;
  const us = (x: number): number => Math.round(x) * 1000;
  const nextSend = Array.from({ length: sinks }, () => us(u() * 30));
  const nextTick = Array.from({ length: flows }, () => us(u() * 55));
  const pkt = new Array<number>(flows).fill(0);
  const receipts: DcqcnTraceEvent[] = [];
  const events: DcqcnTraceEvent[] = [];
  for (;;) {
    const now = Math.min(...nextSend, ...nextTick);
    // Receipts due now or earlier go first (a zero-delay receipt follows its send, below).
    receipts.sort((a, b) => a.time - b.time);
    while (receipts.length > 0 && receipts[0].time < now) events.push(receipts.shift()!);
    for (let s = 0; s < sinks; s++) {
      if (nextSend[s] !== now) continue;
      const mine = Array.from({ length: flows }, (_, j) => j).filter((j) => j % sinks === s);
      const flow = mine[Math.floor(u() * mine.length)];
      if (flow === undefined) continue;
      const sent = { time: now, event: 'cnp_sent' as const, flow, pkt: pkt[flow]++, sink: 1000 + s, source: flow };
      events.push(sent);
      if (u() >= 0.1) receipts.push({ ...sent, event: 'cnp_recv', time: now + us(u() < 0.3 ? 0 : u() * 20) });
      nextSend[s] = now + interval + us(u() * 60);
    }
    receipts.sort((a, b) => a.time - b.time);
    while (receipts.length > 0 && receipts[0].time === now) events.push(receipts.shift()!);
    for (let j = 0; j < flows; j++) {
      if (nextTick[j] !== now) continue;
      events.push({ time: now, event: 'timer_tick', flow: j, sink: 1000 + (j % sinks), source: j });
      nextTick[j] = now + 55_000;
    }
    yield* events;
    events.length = 0;
  }
}

/**
 * The first `rows` events of {@link randomDcqcnEventStream}.
 * @example new DcqcnTraceWriter(() => RANDOM_TRACE_PARAMETERS).csv(randomDcqcnEvents({ seed: 1 }, 100))
 */
export function randomDcqcnEvents(options: RandomTraceOptions, rows: number): DcqcnTraceEvent[] {
  const out: DcqcnTraceEvent[] = [];
  for (const e of randomDcqcnEventStream(options)) {
    if (out.length === rows) break;
    out.push(e);
  }
  return out;
}
