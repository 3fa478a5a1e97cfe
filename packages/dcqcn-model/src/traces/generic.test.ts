import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGenericTrace } from './generic.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccalc-generic-'));
const write = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

describe('readGenericTrace', () => {
  it('converts the units of the header and holds each sample until the next, at every 1 µs', async () => {
    const t = await readGenericTrace(write('ok.csv', 'time (us),backlog (kB),arrival_rate (Gbps),note\n0,0,100,a\n2.5,10,50,b\n4,5,0,c\n'));
    expect(Array.from(t.backlog.time, (x) => Math.round(x * 1e9))).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(Array.from(t.backlog.bytes)).toEqual([0, 0, 0, 10_000, 5_000]);
    // 100 Gb/s for 1 µs is 12,500 bytes.
    expect(Array.from(t.bins.arrivalBytes)).toEqual([12_500, 12_500, 12_500, 6_250, 0]);
    expect(Array.from(t.bins.departureBytes).every(Number.isNaN)).toBe(true);
  });

  it.each([
    ['time (ns),backlog (B)\n0,1\n', /bad1\.csv:1 \(arrival_rate\): missing column "arrival_rate \(unit\)"/],
    ['time,backlog (B),arrival_rate (Gbps)\n0,1,2\n', /bad2\.csv:1:1 \(time\): expected a unit in parentheses, such as "time \(us\)"/],
    ['time (ns),backlog (ms),arrival_rate (Gbps)\n0,1,2\n', /bad3\.csv:1:2 \(backlog \(ms\)\): .*expected a size such as "10 MB"/],
    ['time (ns),backlog (B),arrival_rate (Gbps)\n5,1,2\n3,1,2\n', /bad4\.csv:3:1 \(time \(ns\)\): times must not decrease/],
  ])('names the file, line and column of a bad trace (%#)', async (text, pattern) => {
    const k = text.includes('backlog (ms)') ? 3 : text.startsWith('time,') ? 2 : text.includes('5,1,2') ? 4 : 1;
    await expect(readGenericTrace(write(`bad${k}.csv`, text))).rejects.toThrow(pattern);
  });
});
