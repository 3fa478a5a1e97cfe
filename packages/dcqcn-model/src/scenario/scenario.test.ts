import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runModel, runPathServer } from '@ccalc/cca';
import { sample } from '@ccalc/curves';
import { BUILT_INS } from '../scenarios.ts';
import { arrivalCurve } from './arrivals.ts';
import { loadScenarioFile, parseScenario } from './scenario.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccalc-scenario-'));
const repo = resolve(import.meta.dirname, '../../../..');

/** A small valid scenario; tests change one field at a time. */
const base = () => ({
  link: { rate: '100 Gbps' },
  delays: { feedback: '4 us' },
  senders: [{ count: 2, arrival: { pattern: 'burst', size: '1 MB' } }],
  cca: { algorithm: 'dcqcn', variant: 'paper' },
  ecn: { kMin: '5 kB', kMax: '200 kB', pMax: 0.01, notificationGap: '50 us' },
  horizon: '1 ms',
});

describe('parseScenario', () => {
  it('converts units to SI and fills the defaults', () => {
    const s = parseScenario(base(), 'small', dir);
    expect(s.link).toEqual({ rate: 12.5e9, latency: 0, propagation: 0 });
    expect(s.feedbackDelay).toBe(4e-6);
    expect(s.horizon).toBe(1e-3);
    expect(s.bin).toBe(1e-6);
    expect(s.packetSize).toBe(1048);
    expect(s.senders[0].arrival).toEqual({ pattern: 'burst', size: 1e6, at: 0 });
    expect(s.senders[0].cca.parameters).toEqual({ lineRate: 12.5e9, decrease: 0.75, additiveIncrease: 625e3, increaseInterval: 55e-6, timeout: 3e-3 });
    expect(s.ecn).toMatchObject({ kMin: 5e3, kMax: 200e3, pMax: 0.01, packetSize: 1048, at: 'dequeue', random: 'expected', notificationGap: 50e-6, pacing: 'gap' });
  });

  const broken: [string, (j: Record<string, any>) => void, RegExp][] = [
    ['an unknown top-level field', (j) => (j.horizn = '1 ms'), /^horizn: expected no such field \(a scenario has: name, .*horizon/],
    ['an unknown nested field', (j) => (j.senders[0].arrival.sise = '1 MB'), /^senders\[0\]\.arrival\.sise: expected no such field \(senders\[0\]\.arrival has: pattern, size, at\)/],
    ['a unit that does not parse', (j) => (j.link.rate = '100 Gbananas'), /^link\.rate: expected a rate such as "100 Gbps" \(or bytes per second\), got "100 Gbananas"/],
    ['a unit of the wrong kind', (j) => (j.horizon = '10 MB'), /^horizon: expected a duration such as "50 us"/],
    ['a link too fast for the time resolution', (j) => (j.link.rate = '4e8 Gbps'), /^link\.rate: expected a rate at which a 1048 B packet takes at least 1 ps, the model's time resolution \(at most 8384000 Gbps\), got "4e8 Gbps"$/],
    ['an absurd quantity', (j) => (j.delays.feedback = 1e308), /^delays\.feedback: expected a duration such as "50 us" \(or seconds\), at most 1e20 s, got 1e\+308$/],
    ['a CCA size below a byte', (j) => (j.cca = { algorithm: 'vegas', initialWindow: 1e-12 }), /^cca\.initialWindow: expected a size of at least 1 B \(or 0\), got 1e-12$/],
    ['bursts whose last one overflows', (j) => (j.senders[0].arrival = { pattern: 'repeated-bursts', size: '1 MB', period: 1e308, count: 3 }), /^senders\[0\]\.arrival\.period: expected a duration such as "50 us" \(or seconds\), at most 1e20 s, got 1e\+308$/],
    ['bursts closer than the time resolution', (j) => (j.senders[0].arrival = { pattern: 'repeated-bursts', size: '1 MB', period: '1e-15 s', count: 3 }), /^senders\[0\]\.arrival\.period: expected a duration of at least 1 ps, the model's time resolution, got "1e-15 s"$/],
    ['a negative rate', (j) => (j.link.rate = '-5 Gbps'), /^link\.rate: expected a rate .*not negative, got "-5 Gbps"/],
    ['NaN', (j) => (j.ecn.pMax = Number.NaN), /^ecn\.pMax: expected a number ≥ 0 ≤ 1, got NaN$/],
    ['a missing required field', (j) => delete j.delays, /^delays: expected an object, got nothing$/],
    ['an unknown arrival pattern', (j) => (j.senders[0].arrival.pattern = 'poisson'), /^senders\[0\]\.arrival\.pattern: expected one of "burst", "repeated-bursts", "constant-rate", "trace", "transfers", got "poisson"/],
    ['K_min above K_max', (j) => (j.ecn.kMin = '300 kB'), /^ecn\.kMin: expected a size ≤ ecn\.kMax \(200000 B\), got "300 kB"/],
    ['a parameter of another DCQCN variant', (j) => (j.cca.g = 0.5), /^cca\.g: expected no such field \(cca has: algorithm, variant, lineRate, decrease, additiveIncrease, increaseInterval, timeout\)/],
    ['a missing parameter without a default', (j) => (j.cca = { algorithm: 'aimd-window', initialWindow: '10 kB' }), /^cca\.slowStartThreshold: expected a bytes with a unit \(required for aimd-window\), got nothing$/],
    ['a fractional count', (j) => (j.senders[0].count = 2.5), /^senders\[0\]\.count: expected an integer ≥ 1, got 2\.5/],
    ['no senders', (j) => (j.senders = []), /^senders: expected a non-empty array, got \[\]/],
    ['a bin longer than the horizon', (j) => ((j.bin = '10 ms'), (j.horizon = '1 ms')), /^bin: expected a duration at most the horizon \(1 ms\), got "10 ms"$/],
    ['until-complete with an endless sender', (j) => {
      j.horizon = 'until-complete';
      j.senders[0].arrival = { pattern: 'constant-rate', rate: '10 Gbps' };
    }, /^horizon: expected a duration: senders\[0\] sends at a constant rate without "stop" or "size", so it never completes, got "until-complete"/],
    ['QCN beside ECN', (j) => ((j.wholePackets = true), (j.qcn = { qEq: '37.5 kB' })), /^qcn: expected no "qcn" beside "ecn"/],
    ['QCN on fluid senders', (j) => (delete j.ecn, (j.qcn = { qEq: '37.5 kB' })), /^wholePackets: expected true beside "qcn" \(the congestion point samples whole frames; the event engine runs it\), got false$/],
    ['a QCN reaction point without a congestion point', (j) => (delete j.ecn, (j.cca = { algorithm: 'qcn' })), /^qcn: expected a "qcn" congestion point: senders\[0\] run a QCN reaction point, which reacts to its feedback, got nothing$/],
    ['QCN feedback of 0 bits', (j) => (delete j.ecn, (j.wholePackets = true), (j.qcn = { qEq: '37.5 kB', fbBits: 0 })), /^qcn\.fbBits: expected an integer ≥ 1 ≤ 16, got 0$/],
    ['a QCN sampling range upside down', (j) => (delete j.ecn, (j.wholePackets = true), (j.qcn = { qEq: '37.5 kB', sampling: { min: 0.1, max: 0.01 } })), /^qcn\.sampling\.max: expected a probability ≥ qcn\.sampling\.min \(0\.1\), got 0\.01$/],
  ];
  it('reads a QCN congestion point and reaction point with 802.1Qau\'s and the slides\' defaults', () => {
    const j = { ...base(), wholePackets: true, packetSize: '1500 B', cca: { algorithm: 'qcn', lineRate: '10 Gbps' }, qcn: { qEq: '37.5 kB' }, seed: 3 } as Record<string, unknown>;
    delete j.ecn;
    const s = parseScenario(j, 'qcn', dir);
    expect(s.qcn).toEqual({ qEq: 37.5e3, w: 2, fbBits: 6, sampling: { min: 0.01, max: 0.1 }, seed: 3 });
    expect(s.senders[0].cca.parameters).toEqual({ lineRate: 1.25e9, minRate: 125e3, maxDecrease: 0.5, byteCounter: 150e3, timer: 10e-3, fastRecoverySteps: 5, additiveIncrease: 1.5e6, hyperIncrease: 6.25e6 });
  });
  it('scenarios/qcn-output-hotspot.json (the slides\' output-generated hotspot) runs on the event engine: QCN cuts the 10 nodes until the hot queue drains', async () => {
    const s = await loadScenarioFile(join(repo, 'scenarios/qcn-output-hotspot.json'));
    const model = s.model(40e-3);
    expect(model.qcn).toEqual({ qEq: 375e3, w: 2, fbBits: 8, sampling: { min: 0.01, max: 0.1 }, seed: 1 });
    const { result } = runModel(model);
    expect(result.stats.engine).toBe('events');
    const cuts = result.events.filter((e) => e.kind === 'rate-cut');
    expect(cuts.length).toBe(result.notifications.length);
    // 8.5 Gb/s offered to a 1 Gb/s port: the queue rises past Q_eq, then falls once the cuts bring
    // the 10 rates below 1 Gb/s in all, and drains (the slides: initial reactions are fast).
    const b = result.backlog;
    expect(b.at(2e-3)).toBeGreaterThan(375e3);
    expect(b.at(39e-3)).toBeLessThan(375e3);
    expect(Math.min(...result.flows.map((f) => f.state.rate.value.at(-1)!))).toBeLessThan(0.1 * 1.25e8);
  });
  it.each(broken)('rejects %s with the field, the value and what was expected', (_, change, pattern) => {
    const j = base() as Record<string, any>;
    change(j);
    expect(() => parseScenario(j, 'x', dir)).toThrow(pattern);
  });
});

describe('arrival patterns', () => {
  it('are exact curves: bursts, repeated bursts, a constant rate with a size, a packet trace', async () => {
    const burst = await arrivalCurve({ pattern: 'burst', size: 1e6, at: 2e-6 });
    expect([burst.at(2e-6), burst.rightLimit(2e-6)]).toEqual([0, 1e6]);
    const on = await arrivalCurve({ pattern: 'repeated-bursts', size: 2e6, period: 200e-6, count: 3, start: 0, connection: 'per-burst' });
    expect(sample(on, [0, 1e-6, 200e-6, 201e-6, 1])).toEqual([0, 2e6, 2e6, 4e6, 6e6]);
    const s = parseScenario({ ...base(), senders: [{ arrival: { pattern: 'constant-rate', rate: '8 Gbps', start: '10 us', size: '1 MB' } }] }, 'x', dir);
    const ramp = await arrivalCurve(s.senders[0].arrival);
    expect(sample(ramp, [10e-6, 20e-6, 1])).toEqual([0, 1e4, 1e6]);
    writeFileSync(join(dir, 'packets.csv'), 'time_us,bytes\n0,1048\n1.5,1048\n1.5,500\n');
    const file = await loadScenarioFile(writeScenario('trace.json', { ...base(), senders: [{ arrival: { pattern: 'trace', file: 'packets.csv' } }] }));
    const traced = file.model(1e-3).flows[0].arrivals;
    expect(sample(traced, [0, 1e-6, 1.5e-6, 2e-6])).toEqual([0, 1048, 1048, 2596]);
  });

  it('reads the clock offsets for comparisons (delays.senderToSwitch, delays.switchToReceiver)', () => {
    expect(parseScenario(base(), 'x', dir).clock).toBeUndefined();
    expect(parseScenario({ ...base(), delays: { feedback: '4 us', senderToSwitch: '1.08384 us' } }, 'x', dir).clock).toEqual({ senderToSwitch: 1.08384e-6, switchToReceiver: 0 });
    expect(() => parseScenario({ ...base(), delays: { feedback: '4 us', switchToReceiver: '-1 us' } }, 'x', dir)).toThrow(/^delays\.switchToReceiver: expected a duration such as "50 us" \(or seconds\), not negative, got "-1 us"/);
  });

  it('with packetHeader, sizes and rates are payload: the wire carries the headers too', async () => {
    const s = parseScenario(
      {
        ...base(),
        packetSize: '1048 B',
        packetHeader: '48 B',
        senders: [
          { arrival: { pattern: 'burst', size: '10 MB' } },
          { arrival: { pattern: 'repeated-bursts', size: '1500 B', period: '1 ms', count: 2 } },
          { arrival: { pattern: 'constant-rate', rate: '50 Gbps', size: '1 MB' } },
        ],
      },
      'payload',
      dir,
    );
    expect(s.senders.map((g) => (g.arrival as { size?: number }).size)).toEqual([10.48e6, 1500 + 2 * 48, undefined]);
    const ramp = s.senders[2].arrival as { rate: number; stop: number };
    expect(ramp.rate).toBeCloseTo((50e9 / 8) * (1048 / 1000), 3);
    expect(ramp.stop).toBeCloseTo(1e6 / (50e9 / 8), 15); // the same transfer time: 1 MB of payload at 50 Gb/s
    expect(() => parseScenario({ ...base(), packetHeader: '2 kB' }, 'x', dir)).toThrow(/^packetHeader: expected a size ≥ 0 and below packetSize \(1048 B\), got "2 kB"/);
  });

  it('repeated bursts open a new connection per burst unless "connection" is "persistent"', async () => {
    const bursts = (connection?: string, cca: Record<string, unknown> = { algorithm: 'dcqcn', variant: 'ns3-mlx' }) => ({
      ...base(),
      cca,
      senders: [{ arrival: { pattern: 'repeated-bursts', size: '1 MB', period: '100 us', count: 3, start: '10 us', connection } }],
    });
    const model = async (connection?: string, cca?: Record<string, unknown>) => (await loadScenarioFile(writeScenario('bursts.json', bursts(connection, cca)))).model(1e-3);
    // Fluid senders limited by a rate: a host whose connections (one per burst) share its NIC.
    for (const perBurst of [await model(), await model('per-burst')]) {
      expect(perBurst.hosts?.length).toBe(1);
      expect(perBurst.flows.map((f) => f.arrivals.at(Infinity))).toEqual([1e6, 1e6, 1e6]);
      expect(perBurst.flows[1].arrivals.at(110e-6 - 1e-9)).toBe(0);
    }
    const persistent = await model('persistent');
    expect(persistent.hosts).toBeUndefined();
    expect(persistent.flows.length).toBe(1);
    expect(persistent.flows[0].cca.nextTimer(persistent.flows[0].cca.initial())).toBe(Infinity); // DCQCN's timers start at its first CNP
    // Fluid senders limited by a window: one flow, a new CCA state at each later burst's start.
    const windowed = await model(undefined, { algorithm: 'aimd-window', initialWindow: '10 kB', slowStartThreshold: '100 kB', increase: '1 kB', decrease: 0.5, timeout: '1 ms', restartWindow: '1 kB' });
    expect(windowed.hosts).toBeUndefined();
    const cca = windowed.flows[0].cca;
    const s = cca.initial();
    expect(cca.nextTimer(s)).toBeCloseTo(110e-6, 15); // the second burst's start
    expect(cca.onTimer(s, { now: 110e-6, admitted: () => 0 } as never).kind).toBe('connection-start');
    await expect(model('new')).rejects.toThrow(/bursts\.json: senders\[0\]\.arrival\.connection: expected one of "per-burst", "persistent", got "new"/);
  });

  it('with whole packets, a sender of several connections is a host, each connection a flow in order of start', async () => {
    const hosts = {
      ...base(),
      wholePackets: true,
      packetHeader: '48 B',
      cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' },
      senders: [
        { count: 2, name: 'w', arrival: [{ pattern: 'repeated-bursts', size: '1 MB', period: '100 us', count: 2, start: '10 us' }, { pattern: 'constant-rate', rate: '1 Gbps', stop: '50 us' }] },
        { name: 'rpc', arrival: { pattern: 'transfers', transfers: [{ at: '30 us', size: '2 kB' }, { at: '5 us', size: '1 kB' }] } },
      ],
    };
    const model = (await loadScenarioFile(writeScenario('hosts.json', hosts))).model(1e-3);
    expect(model.hosts?.map((h) => h.name)).toEqual(['w0', 'w1', 'rpc']);
    // w0: the constant-rate part (from 0) on one connection, then a connection per burst; rpc: a connection per transfer, by start.
    expect(model.flows.map((f) => `${f.name}@${f.host}`)).toEqual(['w0/0@0', 'w0/1@0', 'w0/2@0', 'w1/0@1', 'w1/1@1', 'w1/2@1', 'rpc/0@2', 'rpc/1@2']);
    expect(model.flows.map((f) => f.arrivals.at(Infinity))).toEqual([(1e9 / 8) * 50e-6 * (1048 / 1000), 1.048e6, 1.048e6, (1e9 / 8) * 50e-6 * (1048 / 1000), 1.048e6, 1.048e6, 1048, 2096].map((x) => expect.closeTo(x, 6)));
    expect(model.flows[2].arrivals.at(110e-6 + 1e-9)).toBeCloseTo(1.048e6, 6);
    expect(model.flows[2].arrivals.at(110e-6 - 1e-9)).toBe(0);
    // Each connection its own CCA from its initial state (no connection-start timers).
    expect(model.flows.every((f) => f.cca.nextTimer(f.cca.initial()) === Infinity)).toBe(true);
    // Fluid, limited by a rate: the same hosts and connections (the curve engine shares the NIC).
    const fluid = (await loadScenarioFile(writeScenario('fluid.json', { ...hosts, wholePackets: false }))).model(1e-3);
    expect(fluid.packets).toBeUndefined();
    expect(fluid.flows.map((f) => `${f.name}@${f.host}`)).toEqual(model.flows.map((f) => `${f.name}@${f.host}`));
  });

  it.each([
    [{ pattern: 'transfers', transfers: [] }, /senders\[0\]\.arrival\.transfers: expected a non-empty array, got \[\]/],
    [{ pattern: 'transfers', transfers: [{ at: '1 us', size: '0 B' }] }, /senders\[0\]\.arrival\.transfers\[0\]\.size: expected a size > 0, got "0 B"/],
    [{ pattern: 'transfers', transfers: [{ at: '-1 us', size: '1 kB' }] }, /senders\[0\]\.arrival\.transfers\[0\]\.at: expected a duration such as "50 us" \(or seconds\), not negative, got "-1 us"/],
    [{ pattern: 'transfers', transfers: [{ when: '1 us', size: '1 kB' }] }, /senders\[0\]\.arrival\.transfers\[0\]\.when/],
  ])('a bad transfer list %j is refused, naming the field', (arrival, pattern) => {
    expect(() => parseScenario({ ...base(), senders: [{ arrival }] }, 'x', dir)).toThrow(pattern);
  });

  it.each([
    ['time_us,size\n0,1\n', /packets\.csv:1 \(bytes\): missing column "bytes"/],
    ['when,bytes\n0,1\n', /packets\.csv:1 \(time\): expected a time column \(time_s, time_ms, time_us, time_ns\)/],
    ['time_ns,bytes\n5,1\n3,1\n', /packets\.csv:3:1 \(time_ns\): times must not decrease \(3 after 5\)/],
    ['time_ns,bytes\n5,lots\n', /packets\.csv:2:2 \(bytes\): expected a number, got "lots"/],
  ])('a bad packet trace %j is named with its line and column', async (text, pattern) => {
    const sub = mkdtempSync(join(dir, 'bad-'));
    writeFileSync(join(sub, 'packets.csv'), text);
    writeFileSync(join(sub, 's.json'), JSON.stringify({ ...base(), senders: [{ arrival: { pattern: 'trace', file: 'packets.csv' } }] }));
    await expect(loadScenarioFile(join(sub, 's.json'))).rejects.toThrow(pattern);
  });
});

function writeScenario(name: string, json: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return file;
}

describe('loadScenarioFile', () => {
  it('names the file in every error', async () => {
    await expect(loadScenarioFile(join(dir, 'none.json'))).rejects.toThrow(/none\.json: no such file; expected a scenario file$/);
    await expect(loadScenarioFile(writeScenario('bad.json', '{ "link": '))).rejects.toThrow(/bad\.json:1:11: not valid JSON \(it ends before the JSON is complete\); expected a scenario file$/);
    await expect(loadScenarioFile(writeScenario('typo.json', { ...base(), seed: -1 }))).rejects.toThrow(/typo\.json: seed: expected an integer ≥ 0, got -1/);
    // A packet trace that is a folder: in words, from the trace reader (found by the fuzz test).
    const folder = { ...base(), senders: [{ arrival: { pattern: 'trace', file: '.' } }] };
    await expect(loadScenarioFile(writeScenario('folder.json', folder))).rejects.toThrow(/folder\.json: .*: a folder, not a file$/);
  });

  it('scenarios/ns3-31-dcqcn.json is the built-in ns3-31-dcqcn written as a file: the same run', async () => {
    const file = await loadScenarioFile(join(repo, 'scenarios/ns3-31-dcqcn.json'));
    expect(file.untilComplete).toBe(true);
    const horizon = 300e-6;
    const a = runPathServer(file.model(horizon));
    const b = runPathServer(BUILT_INS['ns3-31-dcqcn'].model(horizon));
    const times = Array.from({ length: 300 }, (_, k) => k * 1e-6);
    const [x, y] = [sample(a.backlog, times), sample(b.backlog, times)];
    // The delays are written in the file as decimals (4.17728 µs); the built-in adds them up in
    // floating point. Both agree to far below a byte.
    x.forEach((v, k) => expect(Math.abs(v - y[k])).toBeLessThan(1e-3));
    // Events at one instant (to the ps) may be listed in either order: compare them sorted by flow.
    const events = (r: typeof a) =>
      r.events
        .filter((e) => e.kind === 'rate-cut' || e.kind === 'pfc-pause')
        .map((e) => ({ at: (e.time * 1e9).toFixed(3), text: `${e.kind}@${e.flow}:${(e.time * 1e9).toFixed(3)}`, flow: e.flow }))
        .sort((p, q) => Number(p.at) - Number(q.at) || p.flow - q.flow)
        .map((e) => e.text);
    expect(events(a)).toEqual(events(b));
    expect(events(a).length).toBeGreaterThan(50);
  });
});

describe('scenario names name output folders', () => {
  const base = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../scenarios/ns3-31-dcqcn.json'), 'utf8'));

  it.each(['../../escaped', '', 'a/b', '..', '.', 'a\\b', 'x y'])('refuses the name %j, naming the field', (name) => {
    expect(() => parseScenario({ ...base, name }, 'file', '.')).toThrow(/^name: expected a name of letters, digits, "-", "_" and "\." \(it names the output folder/);
  });

  it('keeps a safe name, and makes one from the file name when there is none', () => {
    expect(parseScenario({ ...base, name: 'incast-31.v2_a' }, 'file', '.').name).toBe('incast-31.v2_a');
    const { name: _, ...unnamed } = base;
    expect(parseScenario(unnamed, 'my incast (copy)', '.').name).toBe('my-incast--copy-');
  });
});

describe('TCP senders (the segment engine)', () => {
  const tcp = () => ({
    link: { rate: '100 Gbps', propagation: '5 us' },
    tcp: { segment: '1000 B' },
    senders: [{ access: { rate: '40 Gbps', propagation: '2 us' }, arrival: [{ pattern: 'burst', size: '1 MB' }, { pattern: 'repeated-bursts', size: '500 kB', period: '100 us', count: 3, start: '50 us', connection: 'persistent' }], cca: { algorithm: 'vegas', variant: 'ns3-socket' } }],
    horizon: '1 ms',
  });

  it('reads the tcp block with its defaults, access links, link propagation and a list of patterns as their sum', async () => {
    const s = parseScenario(tcp(), 't', dir);
    expect(s.tcp).toEqual({ segmentSize: 1000, header: 54, ackSize: 54, synSize: 62, propagation: 5e-6 });
    expect(s.senders[0].access).toEqual({ rate: 5e9, propagation: 2e-6 });
    // No delays needed: ΔR is the round trip of the propagations, a placeholder the segment engine does not use.
    expect(s.feedbackDelay).toBeCloseTo(14e-6, 15);
    // Application bytes: no headers added (the segment engine adds them per segment).
    const a = await arrivalCurve(s.senders[0].arrival);
    expect([a.rightLimit(0), a.rightLimit(50e-6), a.rightLimit(250e-6)]).toEqual([1e6, 1.5e6, 2.5e6]);
    expect(s.senders[0].cca.parameters).toMatchObject({ variant: 'ns3-socket', initialWindow: 10_000 });
    const j = tcp() as Record<string, any>;
    j.tcp.delayedAck = {};
    expect(parseScenario(j, 't', dir).tcp!.delayedAck).toEqual({ count: 2, timeout: 0.2 });
  });

  const broken: [string, (j: Record<string, any>) => void, RegExp][] = [
    ['ns3-socket without a tcp block', (j) => delete j.tcp, /^tcp: expected a "tcp" block .* runs TCP segment by segment/],
    ['a rate-based CCA beside tcp', (j) => (j.senders[0].cca = { algorithm: 'dcqcn', variant: 'ns3-mlx' }), /^senders\[0\]\.cca: expected vegas "ns3-socket" beside "tcp"/],
    ['a segment that is not whole bytes', (j) => (j.tcp.segment = '1000.5 B'), /^tcp\.segment: expected a whole number of bytes ≥ 1, got "1000.5 B"/],
    ['packetSize beside tcp', (j) => (j.packetSize = '1054 B'), /^packetSize: expected no "packetSize" beside "tcp"/],
    ['ECN beside tcp', (j) => (j.ecn = { kMax: '100 kB' }), /^ecn: expected nothing beside "tcp" yet/],
    ['an initial window of part of a segment', (j) => (j.senders[0].cca.initialWindow = '1500 B'), /^senders\[0\]\.cca\.initialWindow: expected whole segments of 1000 B/],
    ['a delayed-ACK count of 0', (j) => (j.tcp.delayedAck = { count: 0 }), /^tcp\.delayedAck\.count: /],
    ['a connection per burst', (j) => (j.senders[0].arrival[1].connection = 'per-burst'), /^senders\[0\]\.arrival\.connection: expected "persistent"/],
    ['a negative access propagation', (j) => (j.senders[0].access.propagation = '-1 us'), /^senders\[0\]\.access\.propagation: /],
    ['an empty list of patterns', (j) => (j.senders[0].arrival = []), /^senders\[0\]\.arrival: expected an arrival pattern, or a non-empty list of them/],
    ['a bad pattern in a list', (j) => (j.senders[0].arrival[1].period = 'soon'), /^senders\[0\]\.arrival\[1\]\.period: /],
    ['an access link without tcp', (j) => { delete j.tcp; j.senders[0].cca = { algorithm: 'none' }; j.delays = { feedback: '4 us' }; delete j.link.propagation; }, /^senders\[0\]\.access: expected no access link without "tcp"/],
  ];
  it.each(broken)('rejects %s, naming the field', (_, change, pattern) => {
    const j = tcp() as Record<string, any>;
    change(j);
    expect(() => parseScenario(j, 't', dir)).toThrow(pattern);
  });

  it('scenarios/ns3-vegas.json runs on the segment engine', async () => {
    const s = await loadScenarioFile(join(repo, 'scenarios/ns3-vegas.json'));
    const model = s.model(200e-6);
    expect(model.tcp).toMatchObject({ segmentSize: 1000, header: 54, propagation: 5e-6 });
    expect(model.flows[0].access).toEqual({ rate: 12.5e9, propagation: 5e-6 });
    expect(model.flows[0].arrivals.rightLimit(0)).toBe(4_006_250);
  });
});
