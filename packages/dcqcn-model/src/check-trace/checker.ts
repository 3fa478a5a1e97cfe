import { PPB, decrease, gateOpen, initialState, invalidParameters, sameParameters, tick, type DcqcnParameters, type SourceState } from './rules.ts';
import type { TraceRow } from './row.ts';

/** The rules a trace can break, as `ccalc check-trace` names them. */
export type TraceRule = 'canonical-order' | 'parameters' | 'flow-endpoints' | 'pairing' | 'sink-gate' | 'source-gate' | 'bounds' | 'snapshot';

/** One broken rule at one row. */
export interface Violation {
  /** Line in the file (the header is line 1). */
  line: number;
  timeNs: number;
  eventId: number;
  rule: TraceRule;
  expected: string;
  found: string;
}

interface FlowState {
  source: number;
  sink: number | null;
  /** The last logged snapshot (null before the flow's first source row). */
  state: SourceState | null;
  lastDecrease: number | null;
}

/** A map key for (flow_id, pkt_id): one number when both are small (the usual case), else a string. */
function pairKey(flow: number, pkt: number): number | string {
  return flow >= 0 && flow < 2 ** 20 && pkt >= 0 && pkt < 2 ** 32 ? flow * 2 ** 32 + pkt : `${flow}:${pkt}`;
}

const NONE: Violation[] = [];

const params = (p: DcqcnParameters): string => `g_ppb=${p.g} mi_ppb=${p.mi} cnp_interval_ns=${p.cnpInterval} min_rate_bps=${p.minRate} max_rate_bps=${p.maxRate}`;
const snapshot = (s: SourceState): string => `rate_bps=${s.rate} alpha_ppb=${s.alpha}`;

/**
 * Checks a DCQCN event trace row by row, in canonical order (rows sorted by (time_ns, event_id)),
 * against the rules documented in the package README: pairing of cnp_recv with earlier cnp_sent,
 * the sink and source gates, parameter stability per endpoint, bounded state and snapshot equality
 * with the integer update rules (./rules.ts). Memory grows with flows, endpoints and CNPs in flight
 * only, so a trace of any length streams through.
 *
 * After a violation the checker carries on from what the row logged (the next snapshot is compared
 * with this one), so `--all` lists independent violations rather than one error repeated.
 * @example const c = new DcqcnTraceChecker(); for (const row of rows) violations.push(...c.check(row));
 */
export class DcqcnTraceChecker {
  private readonly frozen = new Map<number, DcqcnParameters>();
  private readonly flows = new Map<number, FlowState>();
  private readonly lastSent = new Map<number, number>();
  /** CNPs sent and not yet received, by (flow_id, pkt_id); a count, since the same key may be sent twice. */
  private readonly inFlight = new Map<number | string, number>();
  private previous: TraceRow | null = null;
  /** Rows checked, by event, and CNPs that fell inside the source gate. */
  readonly counts = { rows: 0, cnp_sent: 0, cnp_recv: 0, timer_tick: 0, gated: 0 };

  /** Checks the next row in canonical order; returns the rules it breaks (empty if none). */
  check(row: TraceRow): readonly Violation[] {
    this.row = row;
    this.found = NONE;
    const fail = this.fail;
    this.counts.rows += 1;
    this.counts[row.event] += 1;
    const prev = this.previous;
    if (prev !== null && prev.time === row.time && prev.eventId === row.eventId) {
      fail('canonical-order', `a unique (time_ns, event_id)`, `(${row.time}, ${row.eventId}) also on line ${prev.line}`);
    }
    this.previous = row;

    // The logging endpoint's parameter block: frozen at its first row.
    const endpoint = row.event === 'cnp_sent' ? row.sink : row.source;
    let p = this.frozen.get(endpoint);
    if (p === undefined) {
      p = { g: row.g, mi: row.mi, cnpInterval: row.cnpInterval, minRate: row.minRate, maxRate: row.maxRate };
      const invalid = invalidParameters(p);
      if (invalid !== null) fail('parameters', 'a valid parameter block', `${invalid} (endpoint ${endpoint})`);
      this.frozen.set(endpoint, p);
    } else if (!sameParameters(p, row)) {
      fail('parameters', `endpoint ${endpoint}'s block: ${params(p)}`, params(row));
    }

    // A flow keeps its source (and sink) endpoint.
    let flow = this.flows.get(row.flow);
    if (flow === undefined) {
      flow = { source: row.source, sink: null, state: null, lastDecrease: null };
      this.flows.set(row.flow, flow);
    } else if (flow.source !== row.source) {
      fail('flow-endpoints', `flow ${row.flow} from source_id ${flow.source}`, `source_id ${row.source}`);
    }
    if (row.event !== 'timer_tick') {
      if (flow.sink === null) flow.sink = row.sink;
      else if (flow.sink !== row.sink) fail('flow-endpoints', `flow ${row.flow} to sink_id ${flow.sink}`, `sink_id ${row.sink}`);
    }

    if (row.event === 'cnp_sent') {
      const last = this.lastSent.get(row.sink);
      if (last !== undefined && row.time - last < p.cnpInterval) {
        fail('sink-gate', `sink ${row.sink}'s next cnp_sent at time_ns ≥ ${last + p.cnpInterval} (previous at ${last}, cnp_interval_ns ${p.cnpInterval})`, `time_ns ${row.time}`);
      }
      this.lastSent.set(row.sink, row.time);
      const key = pairKey(row.flow, row.pkt);
      this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
      return this.found;
    }

    if (row.event === 'cnp_recv') {
      const key = pairKey(row.flow, row.pkt);
      const n = this.inFlight.get(key) ?? 0;
      if (n === 0) fail('pairing', `an earlier, unconsumed cnp_sent with flow_id ${row.flow}, pkt_id ${row.pkt}`, 'none');
      else if (n === 1) this.inFlight.delete(key);
      else this.inFlight.set(key, n - 1);
    }

    // A source snapshot (p is the source's block): bounds, then the gate or the update rule.
    const found: SourceState = row; // the logged post-state
    const before = flow.state ?? initialState(p);
    const gated = row.event === 'cnp_recv' && !gateOpen(flow.lastDecrease, row.time, p);
    if (gated) this.counts.gated += 1;
    else if (row.event === 'cnp_recv') flow.lastDecrease = row.time;
    if (found.alpha < 0 || found.alpha > PPB || found.rate < p.minRate || found.rate > p.maxRate) {
      fail('bounds', `0 ≤ alpha_ppb ≤ ${PPB} and ${p.minRate} ≤ rate_bps ≤ ${p.maxRate}`, snapshot(found));
    } else if (gated) {
      if (found.rate !== before.rate || found.alpha !== before.alpha) {
        const reopens = flow.lastDecrease! + p.cnpInterval;
        fail('source-gate', `the unchanged snapshot ${snapshot(before)} (decrease at time_ns ${flow.lastDecrease}; the gate reopens at ${reopens})`, snapshot(found));
      }
    } else {
      const expected = row.event === 'cnp_recv' ? decrease(before, p) : tick(before, p);
      if (expected.rate !== found.rate || expected.alpha !== found.alpha) {
        fail('snapshot', `${snapshot(expected)} (${row.event === 'cnp_recv' ? 'decrease' : 'tick'} from ${snapshot(before)})`, snapshot(found));
      }
    }
    flow.state = found;
    return this.found;
  }

  // The row being checked and what it broke: fields rather than a closure and an array per row
  // (most rows break nothing, and this runs millions of times).
  private row: TraceRow | null = null;
  private found: Violation[] = NONE;
  private readonly fail = (rule: TraceRule, expected: string, found: string): void => {
    const row = this.row!;
    if (this.found === NONE) this.found = [];
    this.found.push({ line: row.line, timeNs: row.time, eventId: row.eventId, rule, expected, found });
  };

  /** Flows seen and CNPs still in flight at the end (allowed: lost or delayed). */
  stats(): { flows: number; endpoints: number; inFlight: number } {
    let inFlight = 0;
    for (const n of this.inFlight.values()) inFlight += n;
    return { flows: this.flows.size, endpoints: this.frozen.size, inFlight };
  }
}
