/**
 * The run charts' data and encodings (not pixels): each chart shows what the result holds, in the
 * units it says, over the active period, and switches to its aggregate form for many senders.
 */
import { describe, expect, it } from 'vitest';
import { polyline, subtract } from '@ccalc/curves';
import { ns3IncastModel } from '../examples.ts';
import { runEvents } from '../engines/events/run-events.ts';
import { flowCompletionTimes } from '../completion-times.ts';
import { rateChart } from '../plots.ts';
import type { PathServerModel } from '../model.ts';
import { activeEnd, byteUnit } from './chart-spec.ts';
import { backlogChart } from './backlog-chart.ts';
import { throughputEnvelope, throughputHeatmap } from './throughput-charts.ts';
import { eventTimelineChart, pauseIntervals, timelineKind } from './event-timeline-chart.ts';
import { completionChart } from './completion-chart.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** n senders of `packets` 1048 B packets into the ns-3 incast's port, with PFC at 20 kB per ingress so that pauses happen; run to completion. */
function incast(n: number, packets: number): { model: PathServerModel; result: ReturnType<typeof runEvents> } {
  const m = ns3IncastModel({ senders: n, burst: packets * 1048, horizon: 2e-3 });
  const model = { ...m, pfc: { xOff: 20e3, xOn: 15e3, resume: 'threshold' as const } };
  return { model, result: runEvents(model, { untilComplete: true }) };
}

const small = incast(6, 60);
const many = incast(70, 30);
const maxOf = (xs: number[]): number => xs.reduce((a, b) => Math.max(a, b), -Infinity);

describe('run charts', () => {
  it('the active period ends 5 % after the last completion, or at the horizon', () => {
    const last = maxOf(flowCompletionTimes(small.result) as number[]);
    expect(activeEnd(small.result)).toBeCloseTo(Math.min(small.result.horizon, 1.05 * last), 15);
    const endless = runEvents({ ...small.model, horizon: 1e-5 });
    expect(activeEnd(endless)).toBe(1e-5); // nobody completed by 10 µs
    expect(byteUnit(999_999)).toEqual({ name: 'kB', scale: 1e-3 });
    expect(byteUnit(1e6)).toEqual({ name: 'MB', scale: 1e-6 });
  });

  it('backlog: the aggregate against K_min and K_max, the largest ingress against X_off and X_on, in units chosen once', () => {
    const { model, result } = small;
    const end = activeEnd(result);
    const spec = backlogChart(result, model) as Json;
    const [total, ingress] = spec.vconcat;
    const peak = maxOf(polyline(result.backlog, end).flat().map((v) => v.y));
    const unit = byteUnit(peak);
    expect(total.layer[0].encoding.y.title).toBe(`backlog (${unit.name})`);
    expect(maxOf(total.layer[0].data.values.map((v: Json) => v.y))).toBeCloseTo(peak * unit.scale, 5);
    expect(total.layer[1].data.values).toEqual([
      { threshold: 'K_min 5 kB', y: 5e3 * unit.scale },
      { threshold: 'K_max 200 kB', y: 200e3 * unit.scale },
    ]);
    // The per-ingress panel's highest point is the largest backlog of any one flow.
    const perFlow = maxOf(result.flows.map((f) => maxOf(polyline(subtract(f.sent, f.delivered), end).flat().map((v) => v.y))));
    expect(maxOf(ingress.layer[0].data.values.map((v: Json) => v.y))).toBeCloseTo(perFlow * 1e-3, 5);
    expect(ingress.layer[1].data.values.map((v: Json) => v.threshold)).toEqual(['X_off 20 kB', 'X_on 15 kB']);
    expect(total.layer[0].encoding.x.scale.domain).toEqual([0, Math.round(end * 1e9) / 1e6]);
    // Without PFC, one panel; without ECN, no rules.
    const plain = backlogChart(result, {}) as Json;
    expect(plain.vconcat).toBeUndefined();
    expect(plain.layer).toHaveLength(1);
  });

  it('throughput heatmap: a row per sender in flow order, and the cells add up to what each sender sent', () => {
    const { result } = small;
    const end = activeEnd(result);
    const spec = throughputHeatmap(result) as Json;
    expect(spec.encoding.y.sort).toEqual(result.flows.map((f) => f.name));
    for (const [j, f] of result.flows.entries()) {
      const cells = spec.data.values.filter((v: Json) => v.sender === f.name);
      expect(cells).toHaveLength(200);
      const bytes = cells.reduce((sum: number, c: Json) => sum + (c.gbps * 1e9) / 8, 0) * (end / 200);
      expect(bytes, `sender ${j}`).toBeCloseTo(f.sent.at(end), 0); // each cell's Gb/s is rounded to 10⁻⁶: at most 200 × 500 b/s × end/200 ≈ 0.01 B off
    }
  });

  it('throughput for 70 senders: rows are groups of two, and the spread brackets every sender', () => {
    const { result } = many;
    const heat = throughputHeatmap(result) as Json;
    expect(heat.encoding.y.sort).toHaveLength(35);
    expect(heat.encoding.y.sort[0]).toBe(`${result.flows[0].name}–${result.flows[1].name}`);
    const spread = throughputEnvelope(result) as Json;
    for (const v of spread.data.values) expect(v.min <= v.median && v.median <= v.max).toBe(true);
    expect(maxOf(spread.data.values.map((v: Json) => v.max))).toBeGreaterThan(0);
  });

  it('event timeline: a row per sender, one tick per kind, sender and column whose counts add up to the events, PAUSE bars', () => {
    const { result } = small;
    const end = activeEnd(result);
    const spec = eventTimelineChart(result) as Json;
    const [bars, ticks] = spec.layer;
    for (const kind of ['CNP', 'rate cut', 'rate increase'] as const) {
      const logged = result.events.filter((e) => e.time <= end && timelineKind(e) === kind).length;
      const drawn = ticks.data.values.filter((v: Json) => v.kind === kind);
      expect(drawn.reduce((n: number, v: Json) => n + v.count, 0), kind).toBe(logged);
      expect(new Set(drawn.map((v: Json) => `${v.sender}|${Math.floor(v.t / ((end * 1e3) / 560))}`)).size).toBe(drawn.length);
    }
    expect(ticks.data.values.filter((v: Json) => v.kind === 'CNP').length).toBeGreaterThan(0);
    const pauses = pauseIntervals(result, end);
    expect(pauses.length).toBeGreaterThan(0);
    expect(bars.data.values.length).toBeGreaterThan(0);
    expect(bars.data.values.length).toBeLessThanOrEqual(pauses.length); // close ones merge
    expect(result.events.filter((e) => e.kind === 'pfc-pause').length).toBe(pauses.length);
  });

  it('event timeline for 70 senders: counts per bin that add up to the events, and senders paused', () => {
    const { result } = many;
    const end = activeEnd(result);
    const spec = eventTimelineChart(result) as Json;
    const [counts, paused] = spec.vconcat;
    for (const kind of ['CNP', 'rate cut', 'rate increase'] as const) {
      const logged = result.events.filter((e) => e.time < end && timelineKind(e) === kind).length;
      expect(counts.data.values.filter((v: Json) => v.kind === kind).reduce((n: number, v: Json) => n + v.count, 0), kind).toBe(logged);
    }
    expect(maxOf(paused.data.values.map((v: Json) => v.count))).toBeGreaterThan(0);
    expect(maxOf(paused.data.values.map((v: Json) => v.count))).toBeLessThanOrEqual(70);
  });

  it('completion: the CDF steps to 1 at the last completion, ranks in order; how far each flow got when none completed', () => {
    const { result } = small;
    const times = (flowCompletionTimes(result) as number[]).slice().sort((a, b) => a - b);
    const spec = completionChart(result) as Json;
    expect(spec.data.values.map((v: Json) => v.t)).toEqual(times.map((t) => Math.round(t * 1e9) / 1e6));
    expect(spec.data.values.map((v: Json) => v.fraction)).toEqual(times.map((_, k) => (k + 1) / times.length));
    expect(spec.data.values.map((v: Json) => v.rank)).toEqual(times.map((_, k) => k + 1));
    // Cut short before any flow completed: how far each got, the share of its bytes delivered.
    const early = runEvents({ ...small.model, horizon: 20e-6 });
    const progress = completionChart(early) as Json;
    expect(progress.data.values.map((v: Json) => v.percent)).toEqual(early.flows.map((f) => Math.round((f.delivered.at(20e-6) / f.arrivals.at(Infinity)) * 1e6) / 1e4));
    expect(progress.title.subtitle).toMatch(/^no flow of 6 completed by the horizon \(0\.02 ms\)/);
    expect(Math.max(...progress.data.values.map((v: Json) => v.percent))).toBeGreaterThan(0);
  });

  it('rates: a line per sender that ends at its completion, on a log axis when rates span decades; the spread beyond 64', () => {
    const { result } = small;
    const spec = rateChart(result) as Json;
    const done = flowCompletionTimes(result) as number[];
    for (const [j, f] of result.flows.entries()) {
      const ts = spec.data.values.filter((v: Json) => v.series === f.name).map((v: Json) => v.t);
      expect(maxOf(ts)).toBeCloseTo(done[j] * 1e3, 9);
    }
    const rates = spec.data.values.map((v: Json) => v.y);
    expect(spec.encoding.y.scale).toEqual(Math.min(...rates) * 50 < maxOf(rates) ? { type: 'log' } : {});
    const spread = rateChart(many.result) as Json;
    expect(spread.layer.map((l: Json) => l.mark.type)).toEqual(['area', 'line']);
  });
});
