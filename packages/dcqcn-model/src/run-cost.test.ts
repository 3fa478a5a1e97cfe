import { describe, expect, it } from 'vitest';
import { ns3IncastModel } from '@ccalc/cca';
import { checkRunSize, checkScenarioSize, RUN_LIMITS, runawayGuard } from './run-cost.ts';
import { parseScenario } from './scenario/scenario.ts';

const scenario = (senders: unknown[]) =>
  parseScenario({ link: { rate: '100 Gbps' }, delays: { feedback: '4 us' }, senders, cca: { algorithm: 'none' }, horizon: '1 ms' }, 'x', '.');
const where = { senders: false, binField: '--bin', bin: '1 ps', horizonField: 'horizon', horizon: '1e9 s' };

describe('checkScenarioSize', () => {
  it('refuses too many senders in all, naming the group that passes the limit', () => {
    expect(() => checkScenarioSize(scenario([{ count: 1e30, arrival: { pattern: 'burst', size: '1 MB' } }]))).toThrow(/^senders\[0\]\.count: expected at most 1,000,000 senders in all \(or --force to run it anyway\), got 1e\+30$/);
    const two = scenario([{ count: 600_000, arrival: { pattern: 'burst', size: '1 MB' } }, { count: 600_000, arrival: { pattern: 'burst', size: '1 MB' } }]);
    expect(() => checkScenarioSize(two)).toThrow(/^senders\[1\]\.count: .*with the groups before it that makes 1,200,000, got 600000$/);
    expect(() => checkScenarioSize(scenario([{ count: RUN_LIMITS.senders, arrival: { pattern: 'burst', size: '1 MB' } }]))).not.toThrow();
  });

  it('refuses too many bursts for one sender', () => {
    const bursts = (count: number) => scenario([{ count: 2, arrival: { pattern: 'repeated-bursts', size: '1 MB', period: '1 ms', count } }]);
    expect(() => checkScenarioSize(bursts(1e9))).toThrow(/^senders\[0\]\.arrival\.count: expected at most 1,000,000 bursts per sender \(or --force to run it anyway\), got 1000000000$/);
    expect(() => checkScenarioSize(bursts(RUN_LIMITS.burstsPerSender))).not.toThrow();
  });
});

describe('checkRunSize', () => {
  it('refuses a bin that makes too many rows, naming where the bin came from', () => {
    const model = ns3IncastModel({ horizon: 1e-3 });
    expect(() => checkRunSize(model, 1e-12, where)).toThrow(/^--bin: expected a bin that gives at most 2,000,000 rows of series\.csv .*this one gives 1,000,000,000 over 0\.001 s, got "1 ps"$/);
    expect(() => checkRunSize(model, 1e-9, where)).not.toThrow(); // 1,000,000 rows
    // senders.csv has a row per sender and bin: 31 × 10^5 fits, 31 × 10^6 does not.
    expect(() => checkRunSize(model, 1e-8, { ...where, senders: true })).not.toThrow();
    expect(() => checkRunSize(model, 1e-9, { ...where, senders: true })).toThrow(/rows of senders\.csv .*this one gives 31,000,000/);
  });

  it('refuses a run of too many whole packets by the horizon, naming the horizon', () => {
    // 31 × 10,000 packets: far below the limit, whatever the horizon.
    expect(() => checkRunSize(ns3IncastModel({ horizon: 1e9 }), 1e3, where)).not.toThrow();
    const big = ns3IncastModel({ horizon: 1, burst: 1048e9 });
    expect(() => checkRunSize(big, 1e-3, where)).toThrow(/^horizon: expected a run of at most 100,000,000 packets .*the senders send 31,000,000,000 \(3\.25e\+4 GB\) by 1 s, got "1e9 s"$/);
  });
});

describe('runawayGuard', () => {
  it('stops a run whose pace says it would take more than an hour, and says where it stopped', () => {
    let now = 0;
    const guard = runawayGuard('horizon', '1e9 s', 1e9, 2, () => now);
    now = 1000;
    expect(() => guard(1)).not.toThrow(); // 1 s of computing: too early to judge
    now = 2500;
    expect(() => guard(1.25)).toThrow(/^horizon: expected a run that computes in at most 1 h \(or --force to run it anyway\): stopped at 1\.25 s simulated after 2\.5 s; reaching 1000000000 s at that pace would take 63 years, got "1e9 s"$/);
  });

  it('judges a run whose pace projects less than a hundred hours only after a minute, and stops it then if the pace has not picked up', () => {
    let now = 0;
    const guard = runawayGuard('horizon', 'until-complete', 1.259, 2, () => now);
    // 10,000 senders × 1 MB: 61 µs in the first 2 s (11 h at that pace), all 800 ms in 8 s.
    now = 2000;
    expect(() => guard(61e-6)).not.toThrow();
    now = 8000;
    expect(() => guard(0.8)).not.toThrow();
    // The same slow pace a minute in: stopped.
    const slow = runawayGuard('horizon', 'until-complete', 1.259, 2, () => now);
    now = 68_000;
    expect(() => slow(0.00183)).toThrow(/^horizon: expected a run that computes in at most 1 h \(or --force to run it anyway\): stopped at 1\.83 ms simulated after 60\.0 s; reaching 1\.259 s at that pace would take 11 h, got "until-complete"$/);
  });

  it('lets a run go on that will finish within the hour', () => {
    let now = 0;
    const guard = runawayGuard('horizon', '30 ms', 0.03, 2, () => now);
    now = 3000;
    expect(() => guard(0.001)).not.toThrow(); // 90 s in all
  });
});
