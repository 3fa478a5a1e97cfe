import type { EngineEvent, EngineResult } from '../results.ts';
import { BASE, TIME_ZOOM, ZOOM, activeEnd, flowOrder, timeAxis, type Spec } from './chart-spec.ts';
import { pausedCounts } from '../paused-senders.ts';

/** Time columns (about one per pixel) the marks are thinned to. */
const COLUMNS = 560;
/** Up to this many senders, a row each; beyond, counts per time bin. */
const MAX_ROWS = 64;

/** What a timeline shows of an event: a CNP reaching the sender, or a rate cut or increase (by the CCA's rate before and after). */
export type TimelineKind = 'CNP' | 'rate cut' | 'rate increase';

/** The timeline kind of an event, or null for one it does not show. */
export function timelineKind(e: EngineEvent): TimelineKind | null {
  if (e.kind === 'cnp') return 'CNP';
  const before = e.before.rate;
  const after = e.after.rate;
  if (before === undefined || after === undefined || before === after) return null;
  return after < before ? 'rate cut' : 'rate increase';
}

/**
 * Each flow's PAUSE intervals [pause, resume) from its pfc-pause and pfc-resume events (an
 * interval still open at `end` ends there), in time order (s).
 */
export function pauseIntervals(result: EngineResult, end: number): { flow: number; from: number; to: number }[] {
  const open = new Map<number, number>();
  const out: { flow: number; from: number; to: number }[] = [];
  for (const e of [...result.events].filter((x) => x.kind === 'pfc-pause' || x.kind === 'pfc-resume').sort((a, b) => a.time - b.time)) {
    if (e.kind === 'pfc-pause' && !open.has(e.flow)) open.set(e.flow, e.time);
    else if (e.kind === 'pfc-resume' && open.has(e.flow)) {
      out.push({ flow: e.flow, from: open.get(e.flow)!, to: e.time });
      open.delete(e.flow);
    }
  }
  for (const [flow, from] of open) out.push({ flow, from, to: Math.max(from, end) });
  return out.sort((a, b) => a.from - b.from);
}

/**
 * Vega-Lite spec: what happened to each sender over the active period (zoom and pan in the page).
 * Up to 64 senders, one row per sender (in flow order): PAUSE intervals as bars (a Gantt), and ticks
 * for CNPs reaching the sender, rate cuts and rate increases, at most one tick per kind, sender and
 * pixel column (the count is in its tooltip). Beyond 64 senders, counts per time bin instead: CNPs,
 * cuts and increases per bin, and how many senders are paused.
 * @example eventTimelineChart(result, 'ns3-31-dcqcn: events')
 */
export function eventTimelineChart(result: EngineResult, title = 'Events per sender', end = activeEnd(result)): Spec {
  return result.flows.length <= MAX_ROWS ? perSender(result, title, end) : aggregated(result, title, end);
}

const KINDS: TimelineKind[] = ['CNP', 'rate cut', 'rate increase'];
const COLOURS = ['#7c3aed', '#dc2626', '#16a34a'];
const ms = (s: number): number => Math.round(s * 1e9) / 1e6;

function perSender(result: EngineResult, title: string, end: number): Spec {
  const names = flowOrder(result);
  const width = end / COLUMNS;
  const ticks = new Map<string, { sender: string; kind: TimelineKind; t: number; count: number }>();
  for (const e of result.events) {
    if (e.time > end) continue;
    const kind = timelineKind(e);
    if (kind === null) continue;
    const column = Math.floor(e.time / width);
    const key = `${e.flow}|${kind}|${column}`;
    const tick = ticks.get(key);
    if (tick === undefined) ticks.set(key, { sender: names[e.flow], kind, t: ms(e.time), count: 1 });
    else tick.count += 1;
  }
  // Pauses shorter than a column apart are drawn as one bar (display only).
  const bars: { sender: string; from: number; to: number }[] = [];
  const last = new Map<number, { sender: string; from: number; to: number }>();
  for (const p of pauseIntervals(result, end)) {
    if (p.from > end) continue;
    const previous = last.get(p.flow);
    if (previous !== undefined && p.from * 1e3 - previous.to < width * 1e3) previous.to = ms(Math.min(p.to, end));
    else {
      const bar = { sender: names[p.flow], from: ms(p.from), to: ms(Math.min(p.to, end)) };
      bars.push(bar);
      last.set(p.flow, bar);
    }
  }
  const y = { field: 'sender', type: 'ordinal', sort: names, title: 'sender', scale: { domain: names } };
  return {
    ...BASE,
    height: Math.max(120, 18 * names.length),
    title: { text: title, subtitle: 'bars: PAUSE (from PAUSE to RESUME); ticks, a sub-row per kind: at most one per kind, sender and pixel column' },
    layer: [
      {
        data: { values: bars.map((b) => ({ ...b, what: 'PAUSE' })) },
        params: [TIME_ZOOM],
        mark: { type: 'bar', height: { band: 0.9 }, color: '#fcd9a0' },
        encoding: { x: timeAxis(end, 'from'), x2: { field: 'to' }, y, tooltip: [{ field: 'sender' }, { field: 'from', title: 'PAUSE (ms)' }, { field: 'to', title: 'RESUME (ms)' }] },
      },
      {
        data: { values: [...ticks.values()] },
        mark: { type: 'tick', thickness: 1, size: 5 },
        encoding: {
          x: { field: 't', type: 'quantitative' },
          y,
          color: { field: 'kind', type: 'nominal', title: null, scale: { domain: KINDS, range: COLOURS } },
          yOffset: { field: 'kind', type: 'nominal', scale: { domain: KINDS } },
          tooltip: [{ field: 'sender' }, { field: 'kind' }, { field: 't', title: 'time (ms)' }, { field: 'count', title: 'in this column' }],
        },
      },
    ],
  };
}

function aggregated(result: EngineResult, title: string, end: number): Spec {
  const bins = 200;
  const width = end / bins;
  const counts = KINDS.map(() => new Array<number>(bins).fill(0));
  for (const e of result.events) {
    if (e.time >= end) continue;
    const kind = timelineKind(e);
    if (kind !== null) counts[KINDS.indexOf(kind)][Math.floor(e.time / width)] += 1;
  }
  // Senders paused at each bin's middle.
  const paused = pausedCounts(result, Array.from({ length: bins }, (_, k) => (k + 0.5) * width));
  const t = (k: number): number => ms((k + 0.5) * width);
  const x = timeAxis(end);
  return {
    $schema: BASE.$schema,
    config: BASE.config,
    title: { text: title, subtitle: `${result.flows.length} senders: counts per bin of ${(width * 1e6).toPrecision(3)} µs` },
    vconcat: [
      {
        width: BASE.width,
        height: 200,
        data: { values: KINDS.flatMap((kind, i) => counts[i].map((count, k) => ({ kind, t: t(k), count }))) },
        params: [ZOOM],
        mark: { type: 'line', strokeWidth: 1.2 },
        encoding: { x, y: { field: 'count', type: 'quantitative', title: 'events per bin', axis: { format: 'd', tickMinStep: 1 } }, color: { field: 'kind', type: 'nominal', title: null, scale: { domain: KINDS, range: COLOURS } } },
      },
      {
        width: BASE.width,
        height: 120,
        data: { values: paused.map((count, k) => ({ t: t(k), count })) },
        mark: { type: 'area', color: '#f59e0b', opacity: 0.8, interpolate: 'step-after' },
        encoding: { x, y: { field: 'count', type: 'quantitative', title: 'senders paused', axis: { format: 'd', tickMinStep: 1 }, scale: { domainMin: 0, domainMax: Math.max(1, ...paused) } } },
      },
    ],
  };
}
