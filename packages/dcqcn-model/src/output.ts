import { asRateLatency, averageRates, firstTimeAbove, sample } from '@ccalc/curves';
import { type EventFigures, connectionCompletionTimes, connectionOpenings, eventFigures, eventTable, flowCompletionTimes, flowDelays, flowSenders, packetArrivalRates, packetDepartureRates, pausedCounts, transmittedAt, type EngineResult, type PathServerModel } from '@ccalc/cca';
import type { ModelSeries } from './compare.ts';
import { quantile } from 'd3-array';
import { rounded } from './csv-numbers.ts';
import { CsvBytes, writeDetailsCell } from './csv-bytes.ts';
import { backlogFigures, backlogPeak } from './backlog-figures.ts';

/** Senders paused at given times (`pausedCounts` of @ccalc/cca, which the series and the event timeline share). */
export { pausedCounts };

const gbps = (bytesPerSecond: number): number => (bytesPerSecond * 8) / 1e9;

/** Seconds as µs rounded to the nanosecond, as summary.json gives times. */
export const microseconds = (seconds: number): number => Math.round(seconds * 1e9) / 1e3;

/**
 * A right-continuous step series sampled at increasing times (NaN where there is no series): one
 * sweep, so the cost is the number of steps plus the number of times.
 */
export function stepSamples(s: { time: number[]; value: number[] } | undefined, times: readonly number[]): number[] {
  if (s === undefined || s.time.length === 0) return times.map(() => Number.NaN);
  let k = 0;
  return times.map((t) => {
    while (k + 1 < s.time.length && s.time[k + 1] <= t) k++;
    return s.value[k];
  });
}

/**
 * A run's aggregate series in bins of `bin` seconds (output only; the result itself is exact): bin
 * starts (s); the arrival rate at the server, Σ_j Â_j as the server sees it averaged over each bin,
 * as the paper bins it (the flows' `sent` curves: with whole packets the packets as they arrive, as
 * a simulator counts them, and retransmissions included; read from the result's packets when it
 * records them, with the curves' values); the departure rate likewise; the backlog at each bin
 * start (bytes).
 */
export function binnedSeries(result: EngineResult, bin: number): { starts: number[]; arrival: number[]; departure: number[]; backlog: number[] } {
  const count = Math.floor(result.horizon / bin + 1e-9);
  const starts = Array.from({ length: count }, (_, k) => k * bin);
  const arrival = new Array<number>(count).fill(0);
  const packets = result.packets;
  result.flows.forEach((f, j) => {
    // Whole packets of the event engine: binned from the packets, with the staircase's values.
    if (packets !== undefined) return packetArrivalRates(packets.flowArrivals(j), packets.size, result.horizon, 0, bin, count, arrival);
    const a = averageRates(f.sent, 0, bin, count);
    for (let k = 0; k < count; k++) arrival[k] += a[k];
  });
  const departure = packets === undefined ? averageRates(result.departures, 0, bin, count) : packetDepartureRates(packets, result.horizon, bin, count);
  return { starts, arrival, departure, backlog: backlogFigures(result, starts).samples };
}

/**
 * A run's series in 1 µs bins as `ccalc compare` reads them from series.csv (bin starts in µs,
 * rates in Gb/s, backlog in bytes), without writing the file.
 * @example compareWithTrace(modelSeries(runPathServer(ns3IncastModel())), trace)
 */
export function modelSeries(result: EngineResult): ModelSeries {
  const s = binnedSeries(result, 1e-6);
  const inGbps = (x: number[]): Float64Array => Float64Array.from(x, gbps);
  return { binStart: Float64Array.from(s.starts, (t) => t * 1e6), arrivalGbps: inGbps(s.arrival), departureGbps: inGbps(s.departure), backlogBytes: Float64Array.from(s.backlog) };
}

/**
 * The CSV files of a run, binned for output only (the result itself is exact): series.csv (one row
 * per bin: time_us, arrival_rate_gbps = Σ Â_j at the server averaged over the bin as in the paper,
 * departure_rate_gbps, backlog_bytes at the bin start, paused_senders), senders.csv (time_us,
 * sender, rate_gbps and window_bytes: the CCA's limit, the one it has, the other cell empty;
 * admitted_rate_gbps, backlog_bytes) and events.csv (time_us, sender, kind, details: the CCA's state
 * after the event in the files' units, see `eventDetails`, and a flow-complete event per flow that
 * finished). Numbers as `csvNumber` writes them: µs to the picosecond, Gb/s to 6 decimals, bytes to
 * 3. `senders: false` leaves senders.csv out (it has a row per sender and bin), `events: false`
 * events.csv (`eventsCsvChunks` gives it as bytes, in chunks). With the model, and hosts of several connections in it (`FlowSpec.host`): a sender is a host;
 * events.csv gains a `connection` column (the connection's place among its host's, 0, 1, …; empty
 * for the host's PFC frames); senders.csv gives each host's totals (admitted rate and backlog; the
 * CCA's limit only for a host of one connection), and connections.csv each connection's row as
 * senders.csv gives a sender's, with its `sender` and `connection`.
 */
export function runCsv(result: EngineResult, bin: number, options: { senders?: boolean; model?: PathServerModel; events?: boolean } = {}): { series: string; senders?: string; connections?: string; events?: string } {
  const files = runCsvChunks(result, bin, options);
  return {
    series: csvText(files.series),
    ...(files.senders === undefined ? {} : { senders: csvText(files.senders) }),
    ...(files.connections === undefined ? {} : { connections: csvText(files.connections) }),
    ...(files.events === undefined ? {} : { events: csvText(files.events) }),
  };
}

/**
 * The files of {@link runCsv} as the bytes to write (UTF-8 chunks, each file ending with a
 * newline), for a writer that need not hold them as text: the CLI writes them as they are.
 * @example Buffer.concat(runCsvChunks(result, 1e-6).series).toString().split('\n')[0] // 'time_us,arrival_rate_gbps,departure_rate_gbps,backlog_bytes,paused_senders'
 */
export function runCsvChunks(result: EngineResult, bin: number, options: { senders?: boolean; model?: PathServerModel; events?: boolean } = {}): { series: Uint8Array[]; senders?: Uint8Array[]; connections?: Uint8Array[]; events?: Uint8Array[] } {
  const { starts, arrival, departure, backlog } = binnedSeries(result, bin);
  const paused = pausedCounts(result, starts);
  // Rows written as bytes (CsvBytes: no string per row or number), each file decoded once.
  const series = new CsvBytes();
  series.text('time_us,arrival_rate_gbps,departure_rate_gbps,backlog_bytes,paused_senders\n');
  for (let k = 0; k < starts.length; k++) {
    series.number(starts[k] * 1e6, 6, 'time_us');
    series.comma();
    series.number(gbps(arrival[k]), 6, 'arrival_rate_gbps');
    series.comma();
    series.number(gbps(departure[k]), 6, 'departure_rate_gbps');
    series.comma();
    series.number(backlog[k], 3, 'backlog_bytes');
    series.comma();
    series.integer(paused[k]);
    series.newline();
  }
  const hosts = options.model === undefined ? null : flowSenders(options.model);
  const shared = hosts !== null && hosts.shared;
  // Per flow (a sender, or a connection of a host): the CCA's limit, admitted rate and backlog per bin.
  const flowColumns = (j: number): FlowColumns => {
    const f = result.flows[j];
    const a = sample(f.admitted, starts);
    const d = sample(f.delivered, starts);
    // The CCA's limit: a rate or a window (null, empty cells, for the one it does not have).
    const limit = (key: 'rate' | 'window'): number[] | null => (f.state[key] === undefined || f.state[key].time.length === 0 ? null : stepSamples(f.state[key], starts));
    return { rate: limit('rate'), window: limit('window'), admitted: averageRates(f.admitted, 0, bin, starts.length), backlog: a.map((x, k) => x - d[k]) };
  };
  // A row's first cells (time, sender and connection), then the flow's or the host's columns.
  const row = (w: CsvBytes, k: number, ids: readonly number[], c: FlowColumns): void => {
    w.number(starts[k] * 1e6, 6, 'time_us');
    for (const id of ids) {
      w.comma();
      w.integer(id);
    }
    w.comma();
    if (c.rate !== null) w.number(gbps(c.rate[k]), 6, 'rate_gbps');
    w.comma();
    if (c.window !== null) w.number(c.window[k], 3, 'window_bytes');
    w.comma();
    w.number(gbps(c.admitted[k]), 6, 'admitted_rate_gbps');
    w.comma();
    w.number(c.backlog[k], 3, 'backlog_bytes');
    w.newline();
  };
  const senderRows = new CsvBytes();
  senderRows.text('time_us,sender,rate_gbps,window_bytes,admitted_rate_gbps,backlog_bytes\n');
  const connectionRows = new CsvBytes();
  connectionRows.text('time_us,sender,connection,rate_gbps,window_bytes,admitted_rate_gbps,backlog_bytes\n');
  if (options.senders !== false && !shared) result.flows.forEach((_, j) => {
    const c = flowColumns(j);
    for (let k = 0; k < starts.length; k++) row(senderRows, k, [j], c);
  });
  if (options.senders !== false && shared) hosts.flows.forEach((flows, g) => {
    const columns = flows.map(flowColumns);
    columns.forEach((c, m) => {
      for (let k = 0; k < starts.length; k++) row(connectionRows, k, [g, m], c);
    });
    const total = (key: 'admitted' | 'backlog'): number[] => starts.map((_, k) => columns.reduce((sum, c) => sum + c[key][k], 0));
    const one = columns.length === 1 ? columns[0] : { rate: null, window: null };
    const c = { ...one, admitted: total('admitted'), backlog: total('backlog') };
    for (let k = 0; k < starts.length; k++) row(senderRows, k, [g], c);
  });
  // Each chunk copied as it comes: the generator writes the next into the same memory.
  const events = options.events === false ? undefined : Array.from(eventsCsvChunks(result, options.model), (chunk) => Buffer.from(chunk));
  return {
    series: series.end(),
    ...(options.senders === false ? {} : { senders: senderRows.end() }),
    ...(options.senders !== false && shared ? { connections: connectionRows.end() } : {}),
    ...(events === undefined ? {} : { events }),
  };
}

/** A flow's (or a host's) columns in senders.csv: the CCA's limit (rate or window, null when it has none), admitted rate and backlog, per bin. */
interface FlowColumns {
  rate: number[] | null;
  window: number[] | null;
  admitted: number[];
  backlog: number[];
}

/** A CSV file's chunks as text, without the last line's newline. */
function csvText(chunks: Uint8Array[]): string {
  return Buffer.concat(chunks).toString('utf8').slice(0, -1);
}

/**
 * events.csv as bytes, in chunks of about 1 MiB (header first, every line ending in a newline), as
 * `runCsv` describes it: the engine's events and a flow-complete event per flow that finished, in
 * time order. A generator of bytes (`CsvBytes`), so that a run with millions of events is written
 * without a string per row or the whole file in memory. Each chunk is valid until the next is asked
 * for, whose bytes then go into the same memory (as `writeFile` consumes them): copy one to keep it.
 * @example Buffer.from(eventsCsvChunks(result).next().value!).toString().split('\n')[0] // 'time_us,sender,kind,details'
 */
export function* eventsCsvChunks(result: EngineResult, model?: PathServerModel): Generator<Uint8Array> {
  const hosts = model === undefined ? null : flowSenders(model);
  const shared = hosts !== null && hosts.shared;
  // The engine's events (in time order), and a flow-complete event when a flow's last byte is
  // delivered, merged in: at one instant the engine's events first, flows in order.
  const table = eventTable(result);
  const completed = completionTimes(result)
    .flatMap((t, j) => (t === null ? [] : [{ time: t, flow: j, kind: 'flow-complete', after: { bytes: result.flows[j].arrivals.at(Infinity) } }]))
    .sort((a, b) => a.time - b.time);
  const encoder = new TextEncoder();
  const kinds = new Map<string, Uint8Array>();
  const w = new CsvBytes();
  // A row: its details are the state after the event (an id of the table, or a flow-complete's object).
  let stateId = -1;
  const stateValue = (i: number): number => table.valueAt(stateId, i);
  const row = (time: number, flow: number, kind: string, after: number | Record<string, number>): void => {
    w.number(time * 1e6, 6, 'time_us');
    w.comma();
    if (shared) {
      w.integer(hosts.sender[flow]);
      w.comma();
      // A host's PFC frames are the host's, not a connection's.
      if (kind !== 'pfc-pause' && kind !== 'pfc-resume') w.integer(hosts.connection[flow]);
    } else w.integer(flow);
    w.comma();
    let name = kinds.get(kind);
    if (name === undefined) kinds.set(kind, (name = encoder.encode(kind)));
    w.bytes(name);
    w.comma();
    if (typeof after === 'number') {
      stateId = after;
      writeDetailsCell(w, table.keys(after), stateValue);
    } else {
      const keys = Object.keys(after);
      writeDetailsCell(w, keys, (i) => after[keys[i]]);
    }
    w.newline();
  };
  const flowComplete = (c: (typeof completed)[number]): void => row(c.time, c.flow, c.kind, c.after);
  w.text(shared ? 'time_us,sender,connection,kind,details\n' : 'time_us,sender,kind,details\n');
  let c = 0;
  for (let k = 0; k < table.length; k++) {
    const time = table.time(k);
    for (; c < completed.length && completed[c].time < time; c++) flowComplete(completed[c]);
    row(time, table.flow(k), table.kind(k), table.after(k));
    // A chunk handed out is written before the next is asked for: its memory is then reused.
    if (w.ready) {
      for (const chunk of w.take()) {
        yield chunk;
        w.recycle(chunk);
      }
    }
  }
  for (; c < completed.length; c++) flowComplete(completed[c]);
  yield* w.end();
}

/** When each flow completed (s; null if not by the horizon): `flowCompletionTimes` of @ccalc/cca. */
export const completionTimes = flowCompletionTimes;

/**
 * Headline figures of a run (summary.json), from the exact curves and events whatever the bin of the
 * series: peak backlog and the first instant it is reached, when it is back at or below 1 byte after
 * it, first events, counts of PAUSEs received, notifications received and cuts, completion times
 * (each sender's, and their mean, 99th percentile and maximum), the bottleneck's utilisation and
 * Jain's fairness index of the senders' throughputs; with senders that open a connection per burst,
 * each connection's completion time (`connection_completion_us`, per sender in order of opening).
 * With the model's hosts of several connections, a sender is a host: it completes with its last
 * connection, `connection_completion_us` lists its connections' (in flow order), and the mean, 99th
 * percentile and maximum are over connections. Without hosts, `connections_carried_over` counts the
 * connection openings at which a sender still had earlier bytes waiting (carried on under the new
 * state: an approximation).
 * Times in µs on the model's clock (at the switch), bytes, and
 * the engine's wall time. With the model, also when the switch sent the first PAUSE (the first
 * `pfc-pause` event, at the sender, minus that flow's pause delay) and the link rate (Gb/s), which
 * `ccalc compare` reads.
 */
export function runSummary(result: EngineResult, computeMs: number, model?: PathServerModel): Record<string, unknown> {
  const { peak, peakAt, clearsAt: clears } = backlogPeak(result);
  // Counted off the events without a row each (the event engine's timer runs replayed in place).
  const figures = eventFigures(result);
  const first = (kind: string): number | null => {
    const k = figures.kinds.get(kind);
    return k === undefined ? null : microseconds(k.first);
  };
  const completed = completionTimes(result);
  const us = (t: number | null): number | null => (t === null ? null : microseconds(t));
  // Senders: hosts with their connections' flows together, or one per flow.
  const hosts = model === undefined ? null : flowSenders(model);
  const groups = hosts?.shared === true ? hosts.flows : result.flows.map((_, j) => [j]);
  const senderCompleted = groups.map((flows) => (flows.some((j) => completed[j] === null) ? null : Math.max(...flows.map((j) => completed[j]!))));
  const completion = senderCompleted.map(us);
  return {
    horizon_us: microseconds(result.horizon),
    peak_backlog_bytes: Math.round(peak * 1e6) / 1e6,
    peak_backlog_time_us: microseconds(peakAt),
    backlog_clear_time_us: clears === null ? null : microseconds(clears),
    first_notification_us: first('cnp'),
    first_cut_us: first('rate-cut'),
    first_pause_us: first('pfc-pause'),
    ...(model === undefined ? {} : { first_pause_sent_us: firstPauseSent(figures, model), link_rate_gbps: linkRateGbps(model), parameters: modelParameters(model) }),
    pauses: figures.kinds.get('pfc-pause')?.count ?? 0,
    notifications: figures.kinds.get('cnp')?.count ?? 0,
    cuts: figures.cuts,
    completion_us: completion,
    ...(hosts?.shared === true
      ? { connection_completion_us: hosts.flows.map((flows) => flows.map((j) => us(completed[j]))) }
      : model === undefined || !model.flows.some((f) => connectionOpenings(f.cca).length > 0)
        ? {}
        : { connection_completion_us: connectionCompletionTimes(result, model).map((flow) => flow.map(us)), connections_carried_over: carriedOver(result, model) }),
    // Completion figures are per connection where hosts have several (a flow's completion time).
    ...completionFigures(hosts?.shared === true ? completed.map(us) : completion),
    utilisation: model === undefined ? null : utilisation(result, model),
    fairness: fairness(result, groups, senderCompleted),
    events: result.stats.events,
    windows: result.stats.windows,
    compute_ms: rounded(computeMs, 3, 'compute_ms'),
  };
}

/**
 * For senders that open a new CCA state at each connection's start without hosts (one flow each,
 * `newConnectionsAt`): at how many openings the sender still had bytes of earlier connections
 * waiting (more than 1 B). Those bytes went on under the new connection's state, where a packet
 * simulator would have kept the earlier connection alive beside it: with whole packets, hosts
 * (`FlowSpec.host`) model that.
 */
function carriedOver(result: EngineResult, model: PathServerModel): number {
  let n = 0;
  result.flows.forEach((f, j) => {
    for (const t of connectionOpenings(model.flows[j].cca)) if (t <= result.horizon && f.arrivals.at(t) - f.admitted.at(t) > 1) n += 1;
  });
  return n;
}

/** When the switch sent the run's first PAUSE (µs): its arrival at the sender minus that flow's pause delay. */
function firstPauseSent(figures: EventFigures, model: PathServerModel): number | null {
  const k = figures.kinds.get('pfc-pause');
  if (k === undefined) return null;
  const f = model.flows[k.firstFlow];
  return Math.round((k.first - flowDelays(model, f).pause) * 1e9) / 1e3;
}

/** The bottleneck's rate (Gb/s) for a rate or rate-latency server, else null. */
/**
 * What a reader needs to know of the model that ran (summary.json's `parameters`, the report's
 * parameter table): senders, link rate, packet size (null for fluid), the CCAs by name, ECN's
 * thresholds and notification gap, PFC's thresholds and resume rule (null when not configured),
 * QCN's congestion point when there is one (`qcn`: Q_eq, w, feedback bits, sampling range),
 * and for TCP senders the path's sizes and links (`tcp`).
 * Bytes, Gb/s, µs.
 */
export function modelParameters(model: PathServerModel): Record<string, unknown> {
  const ecn = model.ecn;
  const pfc = model.pfc;
  const hosts = flowSenders(model);
  return {
    senders: hosts.names.length,
    ...(hosts.shared ? { connections: model.flows.length } : {}),
    link_rate_gbps: linkRateGbps(model),
    packet_bytes: model.packets?.size ?? (model.tcp === undefined ? null : model.tcp.segmentSize + model.tcp.header),
    cca: [...new Set(model.flows.map((f) => f.cca.name))].join(', '),
    ecn: ecn === undefined ? null : { k_min_bytes: ecn.kMin ?? ecn.kMax, k_max_bytes: ecn.kMax, p_max: ecn.pMax ?? null, at: ecn.at ?? 'enqueue', marks: ecn.random === undefined || ecn.random === 'expected' ? 'expected value' : `random, seed ${ecn.random.seed}`, notification_gap_us: Math.round((ecn.notificationGap ?? 0) * 1e9) / 1e3 },
    pfc: pfc === undefined ? null : { x_off_bytes: pfc.xOff, x_on_bytes: pfc.xOn, resume: pfc.resume ?? 'threshold' },
    ...(model.qcn === undefined ? {} : { qcn: { q_eq_bytes: model.qcn.qEq, w: model.qcn.w, fb_bits: model.qcn.fbBits ?? 6, sampling: [model.qcn.sampling?.min ?? 0.01, model.qcn.sampling?.max ?? 0.1] } }),
    ...(model.tcp === undefined ? {} : { tcp: tcpParameters(model) }),
  };
}

/** A TCP path's sizes (bytes) and delays (µs), with each sender's access link. */
function tcpParameters(model: PathServerModel): Record<string, unknown> {
  const t = model.tcp!;
  return {
    segment_bytes: t.segmentSize,
    header_bytes: t.header,
    ack_bytes: t.ackSize,
    syn_bytes: t.synSize,
    switch_to_receiver_us: microseconds(t.propagation),
    access: model.flows.map((f) => (f.access === undefined ? null : { rate_gbps: gbps(f.access.rate), propagation_us: microseconds(f.access.propagation) })),
  };
}

function linkRateGbps(model: PathServerModel): number | null {
  const rl = asRateLatency(model.service);
  return rl === null ? null : (rl.rate * 8) / 1e9;
}


/**
 * Flows that completed, and the mean, 99th percentile (linear interpolation, as d3's `quantile`) and
 * largest of their completion times (µs; null when none completed).
 */
function completionFigures(completion: (number | null)[]): { completed: number; completion_mean_us: number | null; completion_p99_us: number | null; completion_max_us: number | null } {
  const done = completion.filter((t): t is number => t !== null).sort((a, b) => a - b);
  const ns = (us: number | undefined): number | null => (us === undefined ? null : Math.round(us * 1e3) / 1e3);
  return {
    completed: done.length,
    completion_mean_us: done.length === 0 ? null : ns(done.reduce((a, b) => a + b, 0) / done.length),
    completion_p99_us: ns(quantile(done, 0.99)),
    completion_max_us: ns(done.at(-1)),
  };
}

/** Bytes the server sent over [from, to], D(to) − D(from): from the packets where the result records them, else the curve. */
function departedBetween(result: EngineResult, from: number, to: number): number {
  const p = result.packets;
  if (p === undefined) return result.departures.at(to) - result.departures.at(from);
  return transmittedAt(p.starts(), p.size, p.transmission, result.horizon, to) - transmittedAt(p.starts(), p.size, p.transmission, result.horizon, from);
}

/** Flow j's delivered bytes D_j(t): from its packets' transmissions where the result records them, else its curve. */
function deliveredAt(result: EngineResult, j: number, t: number): number {
  const p = result.packets;
  return p === undefined ? result.flows[j].delivered.at(t) : transmittedAt(p.flowStarts(j), p.size, p.transmission, result.horizon, t);
}

/** When a flow's first byte arrives (s; +∞ if none by the horizon). */
function firstArrival(f: EngineResult['flows'][number], horizon: number): number {
  return firstTimeAbove(f.arrivals, 0, horizon, 1e-9);
}

/**
 * The bottleneck's utilisation from the first byte's arrival to the end of the run: the bytes it
 * sent over that time / (C × its length); null without a rate server or traffic.
 */
function utilisation(result: EngineResult, model: PathServerModel): number | null {
  const rl = asRateLatency(model.service);
  const start = Math.min(...result.flows.map((f) => firstArrival(f, result.horizon)));
  if (rl === null || !(start < result.horizon)) return null;
  const sent = departedBetween(result, start, result.horizon);
  return Math.round((sent / (rl.rate * (result.horizon - start))) * 1e6) / 1e6;
}

/**
 * Jain's fairness index (Σx)² / (n·Σx²) of the senders' mean throughputs x: bytes delivered over the
 * time from the sender's first byte to its completion (s, or null: to the horizon if it has not).
 * A sender is a group of flows (a host's connections, or one flow). 1 when all are equal, 1/n when
 * one sender has everything; senders with no traffic are left out; null when there is none.
 */
function fairness(result: EngineResult, groups: readonly number[][], completion: readonly (number | null)[]): number | null {
  const x: number[] = [];
  groups.forEach((flows, g) => {
    const start = Math.min(...flows.map((j) => firstArrival(result.flows[j], result.horizon)));
    const end = completion[g] ?? result.horizon;
    if (start < end) x.push(flows.reduce((sum, j) => sum + deliveredAt(result, j, end), 0) / (end - start));
  });
  const sum = x.reduce((a, b) => a + b, 0);
  const squares = x.reduce((a, b) => a + b * b, 0);
  return squares > 0 ? Math.round(((sum * sum) / (x.length * squares)) * 1e6) / 1e6 : null;
}
