import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '@ccalc/cca';
import { pausedCounts, stepSamples } from './output.ts';

const frame = (time: number, flow: number, kind: 'pfc-pause' | 'pfc-resume'): EngineEvent => ({ time, flow, kind, before: {}, after: {} });

describe('pausedCounts', () => {
  const flows = [{}, {}, {}] as never[];

  it('counts the flows paused at each time, a frame at t counting at t', () => {
    const events = [frame(1, 0, 'pfc-pause'), frame(2, 1, 'pfc-pause'), frame(3, 0, 'pfc-resume'), frame(5, 1, 'pfc-resume')];
    expect(pausedCounts({ events, flows }, [0, 1, 1.5, 2, 3, 4, 5, 6])).toEqual([0, 1, 1, 2, 1, 1, 0, 0]);
  });

  it('ignores other events and repeated frames, and takes frames out of order in time order', () => {
    const events: EngineEvent[] = [
      frame(2, 2, 'pfc-pause'),
      { time: 0.5, flow: 0, kind: 'rate-cut', before: {}, after: {} },
      frame(1, 2, 'pfc-pause'),
      frame(1.5, 2, 'pfc-resume'), // the flow's frames at 1, 1.5, 2: paused, resumed, paused again
      frame(2.5, 0, 'pfc-resume'), // a RESUME of a flow that is not paused changes nothing
    ];
    expect(pausedCounts({ events, flows }, [0, 1, 1.5, 2, 3])).toEqual([0, 1, 0, 1, 1]);
  });
});

describe('stepSamples', () => {
  it('samples a right-continuous step series at increasing times', () => {
    expect(stepSamples({ time: [0, 2, 5], value: [10, 20, 30] }, [0, 1, 2, 4.9, 5, 7])).toEqual([10, 10, 20, 20, 30, 30]);
  });

  it('is NaN where there is no series (a window CCA has no rate)', () => {
    expect(stepSamples(undefined, [0, 1])).toEqual([Number.NaN, Number.NaN]);
  });
});

describe('summary figures come from the exact curves, whatever the bin', () => {
  const T = 1048 / 12.5e9;
  const t0 = 1.08384e-6; // the bursts reach the switch

  it('four senders × 400 packets: the peak at the last arrivals, clearing with the last packet (issue 17: it moved with the bin)', async () => {
    const { runEvents, ns3IncastModel } = await import('@ccalc/cca');
    const { runSummary } = await import('./output.ts');
    // Below X_off (906 packets an ingress) and done sending (34.6 µs) before the first cut (55.8 µs):
    // the queue is busy from t0 to t0 + 1600 T and peaks at the last arrivals, t0 + 399 T, with
    // 1,600 − 399 packets (those sent are whole there).
    const s = runSummary(runEvents(ns3IncastModel({ senders: 4, burst: 400 * 1048, dcqcn: true, pfc: true, horizon: 300e-6 })), 0);
    expect(s.peak_backlog_bytes).toBe(1201 * 1048);
    expect(s.peak_backlog_time_us).toBeCloseTo((t0 + 399 * T) * 1e6, 3);
    expect(s.backlog_clear_time_us).toBeCloseTo((t0 + 1600 * T) * 1e6, 3);
  });

  it('a 3-packet burst peaks at one packet, not 0 (issue 17: 1 µs bins missed it)', async () => {
    const { runEvents, ns3IncastModel } = await import('@ccalc/cca');
    const { runSummary } = await import('./output.ts');
    // One sender at line rate: each packet starts leaving as it arrives, so the backlog is one
    // packet right after each arrival and 0 at the instant the next one arrives (t0 + T: the
    // first instant after the peak at or below 1 byte).
    const s = runSummary(runEvents(ns3IncastModel({ senders: 1, burst: 3 * 1048, dcqcn: false, pfc: false, horizon: 2e-6 })), 0);
    expect(s.peak_backlog_bytes).toBe(1048);
    expect(s.peak_backlog_time_us).toBeCloseTo(t0 * 1e6, 3);
    expect(s.backlog_clear_time_us).toBeCloseTo((t0 + T) * 1e6, 3);
  });
});

describe('outputs of hosts with several connections', () => {
  it('events.csv has the connection, senders.csv the hosts, connections.csv each connection; completion per host and per connection', async () => {
    const { runEvents, fixedRate } = await import('@ccalc/cca');
    const { rate, step } = await import('@ccalc/curves');
    const { runCsv, runSummary } = await import('./output.ts');
    // Host 0: two connections (the second starts while the first sends); host 1: one. 1000 B packets at 1 GB/s.
    const cca = fixedRate(1e9);
    const model = {
      service: rate(1e9),
      hosts: [{ name: 'a' }, { name: 'b' }],
      flows: [
        { arrivals: step(20_000, 0), cca, host: 0 },
        { arrivals: step(10_000, 5e-6), cca, host: 0 },
        { arrivals: step(20_000, 0), cca, host: 1 },
      ],
      horizon: 100e-6,
      feedbackDelay: 2e-6,
      pfc: { xOff: 4500, xOn: 2500 },
      packets: { size: 1000 },
    };
    const result = runEvents(model);
    const csv = runCsv(result, 10e-6, { model });
    const events = csv.events!.split('\n');
    expect(events[0]).toBe('time_us,sender,connection,kind,details');
    // PFC frames once per host, without a connection; a connection's own rows name it.
    const pauses = events.filter((r) => r.includes(',pfc-pause,'));
    expect(pauses.length).toBeGreaterThan(1);
    expect(pauses.every((r) => /^[\d.]+,[01],,pfc-pause,/.test(r))).toBe(true);
    expect(events.filter((r) => r.includes(',flow-complete,')).map((r) => r.split(',').slice(1, 3).join(','))).toEqual(expect.arrayContaining(['0,0', '0,1', '1,0']));
    expect(csv.senders!.split('\n').filter((r) => r.startsWith('10,')).map((r) => r.split(',')[1])).toEqual(['0', '1']);
    // Host 0 has two connections: its totals have no single CCA limit; host 1 keeps its own.
    expect(csv.senders!.split('\n').find((r) => r.startsWith('10,0,'))).toMatch(/^10,0,,,/);
    expect(csv.senders!.split('\n').find((r) => r.startsWith('10,1,'))).toMatch(/^10,1,8,,/);
    expect(csv.connections!.split('\n')[0]).toBe('time_us,sender,connection,rate_gbps,window_bytes,admitted_rate_gbps,backlog_bytes');
    expect(csv.connections!.split('\n').filter((r) => r.startsWith('10,')).map((r) => r.split(',').slice(1, 3).join(','))).toEqual(['0,0', '0,1', '1,0']);
    const s = runSummary(result, 0, model) as { completion_us: number[]; connection_completion_us: number[][]; parameters: { senders: number; connections: number }; completed: number };
    expect(s.parameters).toMatchObject({ senders: 2, connections: 3 });
    expect(s.connection_completion_us.map((c) => c.length)).toEqual([2, 1]);
    expect(s.completion_us[0]).toBe(Math.max(...s.connection_completion_us[0]));
    expect(s.completion_us[1]).toBe(s.connection_completion_us[1][0]);
    expect(s.completed).toBe(3);
    // 50 packets through a 1 GB/s port: the last leaves 50 µs after the first arrives.
    expect(Math.max(...s.completion_us)).toBeCloseTo(50, 3);
  });
});

describe('connections carried over without hosts', () => {
  it('counts the connection openings at which a sender still had earlier bytes waiting', async () => {
    const { runPathServer, fixedRate, newConnectionsAt } = await import('@ccalc/cca');
    const { fromPackets, rate } = await import('@ccalc/curves');
    const { runSummary } = await import('./output.ts');
    // One fluid sender at 1 GB/s: 20 kB bursts at 0, 10 and 40 µs. The first takes 20 µs, so at
    // 10 µs 10 kB of it still wait (carried over); by 40 µs everything has gone.
    const model = (size: number) => ({
      service: rate(2e9),
      flows: [{ arrivals: fromPackets([0, 10e-6, 40e-6], [size, size, size]), cca: newConnectionsAt(fixedRate(1e9), [10e-6, 40e-6]) }],
      horizon: 100e-6,
      feedbackDelay: 2e-6,
    });
    const carried = (size: number) => (runSummary(runPathServer(model(size)), 0, model(size)) as { connections_carried_over: number }).connections_carried_over;
    expect(carried(20_000)).toBe(1);
    expect(carried(5_000)).toBe(0);
    expect(carried(45_000)).toBe(2);
  });
});

describe('events.csv', () => {
  /**
   * events.csv as it was written before the event table and the byte writer (issue 14): the
   * events and a flow-complete row per finished flow, stable-sorted by time, each a string of
   * csvNumber and eventDetailsCell. The file must stay the same, row for row.
   */
  async function reference(result: import('@ccalc/cca').EngineResult, model: import('@ccalc/cca').PathServerModel): Promise<string> {
    const { flowSenders } = await import('@ccalc/cca');
    const { completionTimes } = await import('./output.ts');
    const { csvNumber, eventDetailsCell } = await import('./csv-numbers.ts');
    const hosts = flowSenders(model);
    const completed = completionTimes(result).flatMap((t, j) => (t === null ? [] : [{ time: t, flow: j, kind: 'flow-complete', after: { bytes: result.flows[j].arrivals.at(Infinity) } }]));
    const all = [...result.events, ...completed].sort((a, b) => a.time - b.time);
    const frame = (kind: string): boolean => kind === 'pfc-pause' || kind === 'pfc-resume';
    const who = (e: { flow: number; kind: string }): string => (hosts.shared ? `${hosts.sender[e.flow]},${frame(e.kind) ? '' : hosts.connection[e.flow]}` : `${e.flow}`);
    const header = hosts.shared ? 'time_us,sender,connection,kind,details' : 'time_us,sender,kind,details';
    return [header, ...all.map((e) => `${csvNumber(e.time * 1e6, 6, 'time_us')},${who(e)},${e.kind},${eventDetailsCell(e.after)}`)].join('\n');
  }

  it('is the events and completions in time order, row for row as before, on the incast and random models (both engines)', async () => {
    const { runEvents, runPathServer, ns3IncastModel, eventEngineSupport } = await import('@ccalc/cca');
    const { randomPacketModel } = await import('../../cca/src/test-support/random-models.ts');
    const { runCsv } = await import('./output.ts');
    let rows = 0;
    let completions = 0;
    // A2 to 0.3 ms has rows logged late (quiet timers); in the random models, flows complete.
    const models = [ns3IncastModel({ dcqcn: true, pfc: true, horizon: 0.3e-3 }), ...Array.from({ length: 12 }, (_, k) => randomPacketModel(k + 1))];
    for (const model of models) {
      const result = eventEngineSupport(model) === null ? runEvents(model) : runPathServer(model);
      const events = runCsv(result, 10e-6, { model, senders: false }).events!;
      expect(events).toBe(await reference(result, model));
      rows += events.split('\n').length;
      completions += events.split('\n').filter((r) => r.includes(',flow-complete,')).length;
    }
    const curves = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 0.1e-3 }));
    expect(runCsv(curves, 10e-6, { senders: false }).events).toBe(await reference(curves, ns3IncastModel({ dcqcn: true, pfc: true, horizon: 0.1e-3 })));
    expect(rows).toBeGreaterThan(5000);
    expect(completions).toBeGreaterThan(10);
  });
});
