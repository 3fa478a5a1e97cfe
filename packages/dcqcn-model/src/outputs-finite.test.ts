import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUILT_INS } from './scenarios.ts';
import { NETWORK_BUILT_INS } from './network-scenarios.ts';
import { listFiles } from './test-support/fuzz/fuzz-case.ts';

const bin = resolve(import.meta.dirname, '../bin/ccalc.js');
const examples = resolve(import.meta.dirname, '../../../scenarios');


describe('outputs', () => {
  it('of every built-in and every example scenario hold no NaN and no Infinity (issue 17)', () => {
    const out = mkdtempSync(join(tmpdir(), 'ccalc-finite-'));
    const files = readdirSync(examples).filter((f) => f.endsWith('.json')).map((f) => join(examples, f));
    const isNetwork = (f: string): boolean => 'topology' in JSON.parse(readFileSync(f, 'utf8'));
    const scenarios = [...Object.keys(BUILT_INS), ...files.filter((f) => !isNetwork(f))];
    const networks = [...Object.keys(NETWORK_BUILT_INS), ...files.filter(isNetwork)];
    const r = spawnSync('node', [bin, 'run', ...scenarios, '--horizon', '300us', '--bin', '5us', '--senders', '--plots', '--out', out], { encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/failed/);
    expect(r.status).toBe(0);
    // Networks (no senders.csv: per flow in flows.csv), in a folder of their own.
    const netOut = mkdtempSync(join(tmpdir(), 'ccalc-finite-networks-'));
    const n = spawnSync('node', [bin, 'run', ...networks, '--horizon', '300us', '--bin', '5us', '--plots', '--out', netOut], { encoding: 'utf8' });
    expect(n.stderr).not.toMatch(/failed/);
    expect(n.status).toBe(0);
    for (const folder of readdirSync(netOut)) {
      expect(readdirSync(join(netOut, folder)).filter((f) => /\.(csv|json|svg)$/.test(f)).sort(), folder).toEqual(['backlog.svg', 'charts.json', 'events.csv', 'flows.csv', 'port-frames.csv', 'ports.csv', 'summary.json', 'throughput.svg']);
    }
    expect(readdirSync(netOut)).toHaveLength(networks.length);
    for (const f of listFiles(netOut).filter((x) => /\.(csv|json|svg)$/.test(x))) expect(readFileSync(join(netOut, f), 'utf8'), f).not.toMatch(/\bNaN\b|\bInfinity\b/);
    const written = listFiles(out).filter((f) => /\.(csv|json|svg)$/.test(f)).map((f) => join(out, f));
    // Each scenario's folder: the three CSVs (and tcp.csv for TCP senders, connections.csv for hosts), summary.json,
    // charts.json and an SVG per chart in it (five or six: the completion chart needs flows with an end).
    const folders = readdirSync(out);
    expect(folders).toHaveLength(scenarios.length);
    for (const folder of folders) {
      const charts = (JSON.parse(readFileSync(join(out, folder, 'charts.json'), 'utf8')) as { name: string }[]).map((c) => `${c.name}.svg`);
      expect(charts.length, folder).toBeGreaterThanOrEqual(5);
      const summary = JSON.parse(readFileSync(join(out, folder, 'summary.json'), 'utf8'));
      const tcp = summary.engine === 'segments' ? ['tcp.csv'] : [];
      // Hosts with several connections: connections.csv beside senders.csv.
      const connections = summary.parameters.connections === undefined ? [] : ['connections.csv'];
      expect(readdirSync(join(out, folder)).filter((f) => /\.(csv|json|svg)$/.test(f)).sort(), folder).toEqual(['charts.json', 'events.csv', 'senders.csv', 'series.csv', 'summary.json', ...tcp, ...connections, ...charts].sort());
    }
    for (const f of written) expect(readFileSync(f, 'utf8'), f).not.toMatch(/\bNaN\b|\bInfinity\b/);
  });
});
