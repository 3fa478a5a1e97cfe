import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skipWithoutTraces, validationTracesDir } from './locate.ts';
import { readNs3Trace } from './ns3.ts';
import { readNumericCsv, TraceError } from './csv.ts';

const traces = validationTracesDir();

describe.skipIf(skipWithoutTraces())('reading the simulator traces (traces/ns3-incast-31)', () => {
  it('reads A2 (DCQCN + PFC) with the figures its README states', async () => {
    const t = await readNs3Trace(traces, 'A2_dcqcn_pfc');
    expect(t.cnps.time[0]).toBeCloseTo(4.68e-6, 12);
    expect(t.cnps.sender[0]).toBe(6);
    expect(t.cnps.time.length).toBe(36609);
    expect(t.pfc.pause.filter((p) => p === 1).length).toBe(58);
    expect(t.pfc.time[0]).toBeCloseTo(102.278e-6, 12);
    expect(Math.max(...t.backlog.bytes)).toBe(29795688);
    expect(t.completion.time.length).toBe(31);
    expect(t.firstCut).toBeCloseTo(54.69e-6, 12); // the README's first rate cut (100 → 50 Gb/s)
  });

  it('reads A1 (PFC only): 5,487 pauses sent', async () => {
    const t = await readNs3Trace(traces, 'A1_pfc_only');
    expect(t.pfc.pause.filter((p) => p === 1).length).toBe(5487);
    expect(t.firstCut).toBe(null); // no congestion control: the senders keep their line rate
  });
});

describe('traces of another run', () => {
  it('reads the PFC frames of a switch with another node number (4 senders: node 5)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccalc-ns3-4-'));
    const put = (suffix: string, text: string) => writeFileSync(join(dir, `B_${suffix}.csv`), text);
    put('arrivals_1us', 't_ns,bin_ns,agg_arrival_bytes,departure_bytes_to_receiver\n0,1000,4192,0\n1000,1000,4192,12500\n');
    put('backlog', 't_ns,switch_total_bytes\n0,0\n1000,4192\n');
    put('cnp_events', 't_ns,sender\n');
    // The switch (node 5) sends a PAUSE out of port 2 (sender 1) and a RESUME; host 1 receives both.
    put('pfc_events', 't_ns,node,port,type\n1500,5,2,2\n2500,1,1,1\n3000,5,2,3\n4000,1,1,0\n');
    put('fct', 'sender,complete_ns,last_byte_at_receiver_ns\n0,9000,8000\n1,9500,8500\n2,9100,8100\n3,9200,8200\n');
    // R_C per sender: sender 2 is raised first (not a cut), then sender 3 is cut at 7 µs.
    put('dcqcn_state', 't_ns,sender,Rc_bps,Rt_bps,alpha,event\n10,2,50,50,1,init\n10,3,100,100,1,init\n5000,2,60,60,1,chg\n7000,3,50,100,1,chg\n8000,2,30,60,1,chg\n');
    const t = await readNs3Trace(dir, 'B');
    expect([...t.pfc.time]).toEqual([1.5e-6, 3e-6]);
    expect([...t.pfc.sender]).toEqual([1, 1]);
    expect([...t.pfc.pause]).toEqual([1, 0]);
    expect(t.completion.time.length).toBe(4);
    expect(t.completion.lastByte[1]).toBeCloseTo(8.5e-6, 15);
    expect(t.firstCut).toBeCloseTo(7e-6, 15);
    expect(t.completion.burst).toBeNull();
    // A run with a connection per burst: per-flow files with a trailing burst column.
    put('fct', 'sender,complete_ns,last_byte_at_receiver_ns,burst\n0,9000,8000,0\n0,19000,18000,1\n1,9500,8500,0\n');
    put('cnp_events', 't_ns,sender,burst\n700,0,0\n');
    const b = await readNs3Trace(dir, 'B');
    expect([...b.completion.burst!]).toEqual([0, 1, 0]);
    expect(Array.from(b.completion.lastByte, (x) => Math.round(x * 1e9))).toEqual([8000, 18000, 8500]);
    expect([...b.cnps.sender]).toEqual([0]);
    put('fct', 'sender,complete_ns,last_byte_at_receiver_ns,burst\n0,9000,8000,first\n');
    await expect(readNs3Trace(dir, 'B')).rejects.toThrow(/B_fct\.csv:2:4 \(burst\): expected a number, got "first"/);
  });
});

describe('malformed traces give a one-line error naming file, line, column and field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ccalc-trace-'));
  const write = (name: string, text: string): string => {
    const f = join(dir, name);
    writeFileSync(f, text);
    return f;
  };
  const error = async (p: Promise<unknown>): Promise<TraceError> => {
    try {
      await p;
    } catch (e) {
      if (e instanceof TraceError) return e;
      throw e;
    }
    throw new Error('no error');
  };

  it.each([
    ['missing.csv', null, /missing\.csv: no such file$/],
    ['empty.csv', '', /empty\.csv: the file is empty/],
    ['nocol.csv', 't_ns,x\n0,1\n', /nocol\.csv:1 \(y\): missing column "y" \(the header has: t_ns, x\)/],
    ['nan.csv', 't_ns,y\n0,1\n1000,abc\n', /nan\.csv:3:2 \(y\): expected a number, got "abc"/],
    ['unsorted.csv', 't_ns,y\n0,1\n2000,1\n1000,1\n', /unsorted\.csv:4:1 \(t_ns\): times must not decrease \(1000 after 2000\)/],
    ['short.csv', 't_ns,y\n0\n', /short\.csv:2: expected 2 fields, got 1/],
  ])('%s', async (name, text, pattern) => {
    const file = text === null ? join(dir, name) : write(name, text);
    const e = await error(readNumericCsv(file, ['t_ns', 'y'], 't_ns'));
    expect(e.message).toMatch(pattern);
    expect(e.message.includes('\n')).toBe(false);
  });
});

describe('gzipped traces (the copies in traces/ns3-incast-31)', () => {
  it('a .csv path reads its .csv.gz copy, with the same columns as the plain file', async () => {
    const { gzipSync } = await import('node:zlib');
    const dir = mkdtempSync(join(tmpdir(), 'ccalc-gz-'));
    const text = 't_ns,switch_total_bytes\n0,0\n1000,2096\n2000,1048\n';
    writeFileSync(join(dir, 'plain.csv'), text);
    writeFileSync(join(dir, 'packed.csv.gz'), gzipSync(text));
    const plain = await readNumericCsv(join(dir, 'plain.csv'), ['t_ns', 'switch_total_bytes'], 't_ns');
    const packed = await readNumericCsv(join(dir, 'packed.csv'), ['t_ns', 'switch_total_bytes'], 't_ns');
    expect(packed).toEqual(plain);
    expect(Array.from(packed.columns.switch_total_bytes)).toEqual([0, 2096, 1048]);
  });

  it('a corrupt .gz file is one TraceError naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccalc-gz-'));
    writeFileSync(join(dir, 'bad.csv.gz'), 'not gzip at all');
    const error = await readNumericCsv(join(dir, 'bad.csv'), ['t_ns']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TraceError);
    expect((error as Error).message).toMatch(/bad\.csv\.gz: cannot be read \(incorrect header check\)$/);
  });
});
