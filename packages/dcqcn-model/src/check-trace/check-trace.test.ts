import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@ccalc/cca';
import { PPB, decrease, tick, type DcqcnParameters } from './rules.ts';
import { DcqcnTraceChecker, type TraceRule } from './checker.ts';
import { checkTraceFile } from './check-file.ts';
import { DcqcnTraceWriter } from './writer.ts';
import { RANDOM_TRACE_PARAMETERS, randomDcqcnEvents } from './random-trace.ts';
import { TRACE_COLUMNS, formatRow, type TraceRow } from './row.ts';

type Row = Omit<TraceRow, 'line'>;
const dir = mkdtempSync(join(tmpdir(), 'ccalc-check-trace-'));
let files = 0;

/** Writes rows (in the given file order) to a fresh CSV file and checks it. */
async function check(rows: readonly Row[], all = false) {
  const file = join(dir, `t${files++}.csv`);
  writeFileSync(file, [TRACE_COLUMNS.join(','), ...rows.map(formatRow)].join('\n') + '\n');
  return checkTraceFile(file, { all });
}

const validRows = (seed: number, rows = 120): Row[] => new DcqcnTraceWriter(() => RANDOM_TRACE_PARAMETERS).rows(randomDcqcnEvents({ seed }, rows));
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('the integer update rules', () => {
  const p: DcqcnParameters = { ...RANDOM_TRACE_PARAMETERS, mi: 10_000_000 };
  it('halve the rate at α = 1, keep α = 1, and round down', () => {
    expect(decrease({ rate: 100e9, alpha: PPB }, p)).toEqual({ rate: 50e9, alpha: PPB });
    // α = 0.5: rate · 1.5e9 / 2e9 = 0.75 rate; α' = g + ⌊(1e9 − g) · 0.5⌋.
    expect(decrease({ rate: 3, alpha: 500_000_000 }, { ...p, minRate: 0 })).toEqual({ rate: 2, alpha: 3_906_250 + 498_046_875 });
    expect(tick({ rate: 50e9, alpha: PPB }, p)).toEqual({ rate: 50.5e9, alpha: 996_093_750 });
    expect(tick({ rate: 99.9e9, alpha: 7 }, p)).toEqual({ rate: 100e9, alpha: 6 }); // capped, ⌊6.97⌋
    expect(decrease({ rate: 150e6, alpha: PPB }, p).rate).toBe(100e6); // floored at min_rate
  });

  it('agree with exact rational arithmetic and keep the state within bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PPB }), fc.integer({ min: 0, max: PPB }), fc.integer({ min: 0, max: 4e11 }), fc.integer({ min: 0, max: 2e8 }), (alpha, g, rate, mi) => {
        const q: DcqcnParameters = { g, mi, cnpInterval: 1, minRate: 1e6, maxRate: 4e11 };
        const s = { rate: Math.max(q.minRate, rate), alpha };
        const d = decrease(s, q);
        const t = tick(s, q);
        const big = BigInt;
        expect(d.rate).toBe(Math.max(q.minRate, Number((big(s.rate) * big(2 * PPB - alpha)) / big(2 * PPB))));
        expect(d.alpha * PPB <= g * PPB + (PPB - g) * alpha + 1e-3 * PPB).toBe(true);
        for (const x of [d, t]) {
          expect(x.alpha).toBeGreaterThanOrEqual(0);
          expect(x.alpha).toBeLessThanOrEqual(PPB);
          expect(x.rate).toBeGreaterThanOrEqual(q.minRate);
          expect(x.rate).toBeLessThanOrEqual(q.maxRate);
        }
        // Exact: α' − g = ⌊(1e9 − g)α / 1e9⌋ means 0 ≤ (1e9 − g)α − (α' − g)·1e9 < 1e9.
        const r = big(PPB - g) * big(alpha) - big(d.alpha - g) * big(PPB);
        expect(r >= 0n && r < big(PPB)).toBe(true);
      }),
    );
  });
});

describe('checkTraceFile', () => {
  it('accepts well-timed random traces and counts their events', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const rows = validRows(seed);
        const v = await check(rows, true);
        expect(v.violations).toEqual([]);
        expect(v.verdict).toBe('ACCEPT');
        expect(v.streamed).toBe(true);
        expect(v.counts.rows).toBe(rows.length);
        expect(v.counts.cnp_recv + v.inFlight).toBe(v.counts.cnp_sent);
      }),
      { numRuns: 40 },
    );
  });

  it('does not depend on the file order of rows: shuffled rows are checked in (time_ns, event_id) order', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const rows = validRows(seed);
        const u = seededRandom(seed);
        const shuffled = rows.map((r) => ({ r, k: u() })).sort((a, b) => a.k - b.k).map((x) => x.r);
        const v = await check(shuffled);
        expect(v.verdict).toBe('ACCEPT');
        expect(v.streamed).toBe(false);
        // Within each instant only (the file stays in time order): still one streaming pass.
        const sameTime = rows.map((r) => ({ r, k: r.time + u() * 0.5 })).sort((a, b) => a.k - b.k).map((x) => x.r);
        const w = await check(sameTime);
        expect(w.verdict).toBe('ACCEPT');
        expect(w.streamed).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  /** Rows labelled with whether the checker's source gate held them (no decrease). */
  const gatedRows = (rows: Row[]): boolean[] => {
    const c = new DcqcnTraceChecker();
    return rows.map((r, k) => {
      const before = c.counts.gated;
      c.check({ ...r, line: k + 2 });
      return c.counts.gated > before;
    });
  };

  type Mutation = (rows: Row[], u: () => number) => { rows: Row[]; rule: TraceRule; line: number } | null;
  const pick = <T,>(xs: T[], u: () => number): T | undefined => xs[Math.floor(u() * xs.length)];
  const indices = (rows: Row[], keep: (r: Row, k: number) => boolean): number[] => rows.flatMap((r, k) => (keep(r, k) ? [k] : []));
  const line = (k: number): number => k + 2;

  const mutations: Record<string, Mutation> = {
    'drop a cnp_sent that was received': (rows, u) => {
      const k = pick(indices(rows, (r) => r.event === 'cnp_sent' && rows.some((x) => x.event === 'cnp_recv' && x.flow === r.flow && x.pkt === r.pkt)), u);
      if (k === undefined) return null;
      const recv = rows.findIndex((x) => x.event === 'cnp_recv' && x.flow === rows[k].flow && x.pkt === rows[k].pkt);
      return { rows: rows.filter((_, j) => j !== k), rule: 'pairing', line: line(recv - 1) };
    },
    'duplicate a cnp_recv': (rows, u) => {
      const k = pick(indices(rows, (r) => r.event === 'cnp_recv'), u);
      if (k === undefined) return null;
      const copy = { ...rows[k], eventId: rows.length + 10 };
      const same = indices(rows, (r) => r.time === rows[k].time).at(-1)!; // the copy sorts after its instant
      return { rows: [...rows.slice(0, same + 1), copy, ...rows.slice(same + 1)], rule: 'pairing', line: line(same + 1) };
    },
    'move a cnp_sent inside its sink gate': (rows, u) => {
      const k = pick(indices(rows, (r, j) => r.event === 'cnp_sent' && rows.slice(0, j).some((x) => x.event === 'cnp_sent' && x.sink === r.sink)), u);
      if (k === undefined) return null;
      const previous = rows.slice(0, k).findLast((x) => x.event === 'cnp_sent' && x.sink === rows[k].sink)!;
      const moved = rows.map((r, j) => (j === k ? { ...r, time: previous.time + r.cnpInterval - 1 } : r));
      return { rows: moved, rule: 'sink-gate', line: line(k) };
    },
    'perturb α by 1 ppb': (rows, u) => {
      const k = pick(indices(rows, (r) => r.event !== 'cnp_sent'), u);
      if (k === undefined) return null;
      const mutated = rows.map((x, j) => (j === k ? { ...x, alpha: x.alpha === PPB ? PPB - 1 : x.alpha + 1 } : x));
      return { rows: mutated, rule: gatedRows(rows)[k] ? 'source-gate' : 'snapshot', line: line(k) };
    },
    'push α above 10⁹': (rows, u) => {
      const k = pick(indices(rows, (r) => r.event !== 'cnp_sent'), u);
      if (k === undefined) return null;
      return { rows: rows.map((x, j) => (j === k ? { ...x, alpha: PPB + 1 } : x)), rule: 'bounds', line: line(k) };
    },
    'change a parameter mid-trace': (rows, u) => {
      const endpoint = (r: Row): number => (r.event === 'cnp_sent' ? r.sink : r.source);
      const k = pick(indices(rows, (r, j) => rows.slice(0, j).some((x) => endpoint(x) === endpoint(r))), u);
      if (k === undefined) return null;
      const field = pick(['g', 'mi', 'cnpInterval', 'minRate', 'maxRate'] as const, u)!;
      return { rows: rows.map((x, j) => (j === k ? { ...x, [field]: x[field] + 1 } : x)), rule: 'parameters', line: line(k) };
    },
    'push a rate outside its bounds': (rows, u) => {
      const k = pick(indices(rows, (r) => r.event !== 'cnp_sent'), u);
      if (k === undefined) return null;
      const rate = u() < 0.5 ? rows[k].minRate - 1 : rows[k].maxRate + 1;
      return { rows: rows.map((x, j) => (j === k ? { ...x, rate } : x)), rule: 'bounds', line: line(k) };
    },
  };

  it.each(Object.keys(mutations))('rejects a trace mutated to %s, with the rule and the line', async (name) => {
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const m = mutations[name](validRows(seed), seededRandom(seed ^ 0x5bd1e995));
        if (m === null) return;
        applied += 1;
        const v = await check(m.rows);
        expect(v.verdict).toBe('REJECT');
        expect(v.violations).toHaveLength(1);
        expect({ rule: v.violations[0].rule, line: v.violations[0].line }).toEqual({ rule: m.rule, line: m.line });
      }),
      { numRuns: 25 },
    );
    expect(applied).toBeGreaterThan(10);
  });

  it('rejects swapped event ids at one instant when the order matters (a receipt before its send)', async () => {
    const rows = validRows(7, 400);
    const k = rows.findIndex((r, j) => r.event === 'cnp_recv' && rows.some((x, i) => i < j && x.event === 'cnp_sent' && x.time === r.time && x.flow === r.flow && x.pkt === r.pkt));
    expect(k).toBeGreaterThan(0);
    const send = rows.findIndex((x) => x.event === 'cnp_sent' && x.flow === rows[k].flow && x.pkt === rows[k].pkt);
    const swapped = rows.map((r, j) => (j === k ? { ...r, eventId: rows[send].eventId } : j === send ? { ...r, eventId: rows[k].eventId } : r));
    const v = await check(swapped);
    expect(v.violations[0]).toMatchObject({ rule: 'pairing', line: line(k) });
    // The same swap in file order only (ids unchanged) is accepted.
    const reordered = rows.map((r, j) => (j === k ? rows[send] : j === send ? rows[k] : r));
    expect((await check(reordered)).verdict).toBe('ACCEPT');
  });

  it('lists every violation with all, and flags a repeated (time_ns, event_id)', async () => {
    const rows = validRows(11);
    const ticks = indices(rows, (r) => r.event === 'timer_tick').slice(0, 3);
    const broken = rows.map((r, j) => (ticks.includes(j) ? { ...r, rate: r.rate - 1 } : r));
    const v = await check(broken, true);
    // Each wrong tick, and the flow's next snapshot (compared with the wrong one, as logged).
    const next = (k: number): number[] => indices(rows, (r, j) => j > k && r.flow === rows[k].flow && r.event !== 'cnp_sent').slice(0, 1);
    const expected = [...new Set(ticks.flatMap((k) => [k, ...next(k)]))].sort((a, b) => a - b);
    expect(v.violations.map((x) => x.line)).toEqual(expected.map(line));
    expect(new Set(v.violations.map((x) => x.rule))).toEqual(new Set(['snapshot']));
    const duplicated = [...rows.slice(0, 5), { ...rows[4] }, ...rows.slice(5)];
    expect((await check(duplicated)).violations[0]).toMatchObject({ rule: 'canonical-order', line: 7 });
  });

  it('rejects a flow that changes source and an invalid parameter block', async () => {
    const rows = validRows(3);
    const k = rows.findIndex((r, j) => j > 0 && r.event === 'timer_tick' && rows.slice(0, j).some((x) => x.flow === r.flow));
    const moved = rows.map((r, j) => (j === k ? { ...r, source: 77 } : r));
    expect((await check(moved)).violations[0]).toMatchObject({ rule: 'flow-endpoints', line: line(k) });
    const invalid = rows.map((r) => ({ ...r, minRate: 2 * r.maxRate }));
    expect((await check(invalid)).violations[0]).toMatchObject({ rule: 'parameters', line: 2 });
  });
});

describe('malformed trace files', () => {
  const header = TRACE_COLUMNS.join(',');
  const good = formatRow(validRows(1)[0]);
  it.each([
    ['', /t\.csv: the file is empty/],
    [`${header}\n`, /t\.csv:1: a header and no rows: expected a trace with at least one event$/],
    [`${header.replace(',alpha_ppb', '')}\n`, /t\.csv:1 \(alpha_ppb\): missing column "alpha_ppb"/],
    [`${header}\n${good}\n1,2,cnp_sent,1\n`, /t\.csv:3: expected 14 fields, got 4/],
    [`${header}\n${good.replace(/^\d+/, '12x')}\n`, /t\.csv:2:1 \(time_ns\): expected an integer, got "12x"/],
    [`${header}\n${good.replace(/^\d+/, '1.5')}\n`, /t\.csv:2:1 \(time_ns\): expected an integer, got "1.5"/],
    [`${header}\n${good.replace('cnp_sent', 'cnp_lost').replace('timer_tick', 'cnp_lost')}\n`, /t\.csv:2:3 \(event\): expected cnp_sent, cnp_recv or timer_tick, got "cnp_lost"/],
    [`${header}\n0,1,timer_tick,0,,,0,,5,1,1,1,1,2\n`, /t\.csv:2:8 \(rate_bps\): expected an integer \(timer_tick rows need it\), got an empty field/],
    [`${header}\n0,1,cnp_sent,0,1,2,0,5,,1,1,1,1,2\n`, /t\.csv:2:8 \(rate_bps\): expected an empty field/],
    [`${header}\n99999999999999999,1,cnp_sent,0,1,2,0,,,1,1,1,1,2\n`, /t\.csv:2:1 \(time_ns\): integer 99999999999999999 is too large/],
  ])('%#: %j is reported with file, line and column', async (text, pattern) => {
    const sub = mkdtempSync(join(dir, 'bad-'));
    writeFileSync(join(sub, 't.csv'), text);
    await expect(checkTraceFile(join(sub, 't.csv'))).rejects.toThrow(pattern);
  });

  it('reports a missing file', async () => {
    await expect(checkTraceFile(join(dir, 'nope.csv'))).rejects.toThrow(/nope\.csv: no such file/);
  });
});
