/**
 * The report's tables in words: a run's figures and the model's parameters (from summary.json), and
 * a comparison with a simulator (compare.json) judged figure by figure. HTML strings.
 */
import { comparisonRows } from './comparison-metrics.ts';

/** Text for HTML (the five characters that matter escaped). */
export const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A table cell for a figure: integers as they are, other numbers to `digits` decimals, '–' for none. */
export const cell = (v: unknown, digits = 2): string => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(digits)) : v === null || v === undefined ? '–' : escape(String(v)));

/** The rows of a nested metrics object, flattened to "a.b.c → value" (the raw compare.json, folded away under the table in words). */
function metricRows(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? metricRows(v as Record<string, unknown>, `${prefix}${k}.`) : [`<tr><td>${escape(prefix + k)}</td><td>${Array.isArray(v) ? escape(JSON.stringify(v)) : typeof v === 'number' ? String(Number(v.toPrecision(6))) : cell(v)}</td></tr>`]));
}

/** A comparison as a table in words: figure, model, simulator, error, tolerance and whether it is met. */
export function comparisonTable(metrics: Record<string, unknown>): string {
  // Fixed decimals per unit: µs to the ns, MB to the kB, NRMSE to 0.01 % and relative errors to 0.001 %.
  const n = (x: number | null, unit: string): string => (x === null ? '–' : `${x.toFixed(unit.startsWith('% of') ? 2 : 3)}${unit === '' ? '' : ` ${unit}`}`);
  const rows = comparisonRows(metrics).map((r) => `<tr><td>${escape(r.figure)}</td><td>${n(r.model, r.unit)}</td><td>${n(r.simulator, r.unit)}</td><td>${r.error === null ? '–' : `${r.error > 0 && !r.errorUnit.startsWith('% of') ? '+' : ''}${n(r.error, r.errorUnit)}`}</td><td>${escape(r.tolerance)}</td><td class="${r.within === false ? 'miss' : ''}">${r.within === null ? '–' : r.within ? 'met' : 'not met'}</td></tr>`);
  return `<table class="metrics"><tr><th>figure</th><th>model</th><th>simulator</th><th>error</th><th>judged against</th><th></th></tr>${rows.join('\n')}</table>
<details><summary>every figure of compare.json</summary><table class="raw">${metricRows(metrics).join('\n')}</table></details>`;
}

/** A run's figures (summary.json) in words, with units. */
const FIGURES: [string, string, (x: number) => string][] = [
  ['engine', 'engine', String],
  ['peak switch backlog', 'peak_backlog_bytes', (x) => `${(x / 1e6).toFixed(3)} MB`],
  ['… reached at', 'peak_backlog_time_us', (x) => `${x} µs`],
  ['backlog back at or below 1 B after the peak', 'backlog_clear_time_us', (x) => `${x} µs`],
  ['first CNP at a sender', 'first_notification_us', (x) => `${x} µs`],
  ['first rate cut', 'first_cut_us', (x) => `${x} µs`],
  ['first PAUSE at a sender', 'first_pause_us', (x) => `${x} µs`],
  ['PAUSE frames', 'pauses', String],
  ['CNPs received', 'notifications', String],
  ['cuts (a rate or window lowered)', 'cuts', String],
  ['flows completed', 'completed', String],
  ['completion time, mean', 'completion_mean_us', (x) => `${x} µs`],
  ['completion time, 99th percentile', 'completion_p99_us', (x) => `${x} µs`],
  ['completion time, last', 'completion_max_us', (x) => `${x} µs`],
  ['bottleneck utilisation', 'utilisation', (x) => `${(100 * x).toFixed(2)} %`],
  ["Jain's fairness of throughputs", 'fairness', (x) => x.toFixed(4)],
  ['horizon', 'horizon_us', (x) => `${x} µs`],
  ['compute time', 'compute_ms', (x) => `${(x / 1e3).toFixed(3)} s`],
];

/** A run's figures (summary.json) as a two-column table, with the engine note when there is one. */
export function figuresTable(summary: Record<string, unknown>): string {
  const rows = FIGURES.filter(([, key]) => summary[key] !== undefined).map(([label, key, show]) => {
    const v = summary[key];
    return `<tr><td>${escape(label)}</td><td>${v === null ? '–' : escape(typeof v === 'number' ? show(v) : String(v))}</td></tr>`;
  });
  if (typeof summary.engine_note === 'string') rows.splice(1, 0, `<tr><td>${summary.engine === 'segments' ? 'why the segment engine' : 'why not the event engine'}</td><td>${escape(summary.engine_note)}</td></tr>`);
  rows.push(...tcpFigureRows(summary.tcp));
  return `<table class="figures">${rows.join('')}</table>`;
}

/** A TCP run's own figures (summary.json's `tcp`), per sender when there are several. */
function tcpFigureRows(tcp: unknown): string[] {
  if (tcp === null || typeof tcp !== 'object') return [];
  const t = tcp as { senders: Record<string, number | null>[]; switch_queue_peak_bytes: number };
  const row = (label: string, value: string): string => `<tr><td>${escape(label)}</td><td>${escape(value)}</td></tr>`;
  const rows = t.senders.flatMap((s, j) => {
    const who = t.senders.length > 1 ? ` (sender ${j})` : '';
    const ended = s.slow_start_end_us === null ? 'not by the horizon' : `${s.slow_start_end_us} µs, cwnd ${(s.slow_start_end_cwnd_bytes as number) / 1e3} kB`;
    return [
      row(`slow start ends${who}`, ended),
      row(`largest cwnd${who}`, `${(s.max_cwnd_bytes as number) / 1e3} kB, first at ${s.max_cwnd_time_us} µs`),
      row(`peak source backlog (unsent bytes)${who}`, `${((s.unsent_peak_bytes as number) / 1e6).toFixed(3)} MB at ${s.unsent_peak_time_us} µs`),
      row(`peak NIC queue at the source${who}`, `${(s.source_queue_peak_bytes as number) / 1e3} kB`),
      row(`bytes delivered by the horizon${who}`, `${((s.delivered_bytes as number) / 1e6).toFixed(3)} MB`),
    ];
  });
  return [...rows, row('peak switch queue (packets waiting)', `${t.switch_queue_peak_bytes / 1e3} kB`)];
}

/** A TCP path's parameters in words: segments, headers, ACKs, links. */
function tcpParameterRows(tcp: unknown): [string, string][] {
  if (tcp === null || typeof tcp !== 'object') return [];
  const t = tcp as { segment_bytes: number; header_bytes: number; ack_bytes: number; syn_bytes: number; switch_to_receiver_us: number; access: ({ rate_gbps: number; propagation_us: number } | null)[] };
  const links = [...new Set(t.access.map((a) => (a === null ? 'the link rate, no propagation' : `${a.rate_gbps} Gb/s, ${a.propagation_us} µs`)))].join('; ');
  return [
    ['TCP segments', `${t.segment_bytes} B of payload + ${t.header_bytes} B of headers; ACKs ${t.ack_bytes} B, SYNs ${t.syn_bytes} B`],
    ['senders\' access links', links],
    ['switch to receiver', `${t.switch_to_receiver_us} µs`],
  ];
}

/** A QCN congestion point's row, if the model has one. */
function qcnRows(qcn: unknown): [string, string][] {
  if (qcn === undefined || qcn === null || typeof qcn !== 'object') return [];
  const q = qcn as { q_eq_bytes: number; w: number; fb_bits: number; sampling: [number, number] };
  return [['QCN congestion point', `Q_eq ${q.q_eq_bytes / 1e3} kB, w ${q.w}, ${q.fb_bits}-bit feedback, sampling ${q.sampling[0] * 100}–${q.sampling[1] * 100} % of frames`]];
}

/** The model's parameters (summary.json's `parameters`) in words, with units. */
export function parametersTable(parameters: unknown): string {
  if (parameters === null || typeof parameters !== 'object') return '';
  const p = parameters as Record<string, unknown>;
  const kB = (x: unknown): string => (typeof x === 'number' ? (x >= 1e6 ? `${x / 1e6} MB` : `${x / 1e3} kB`) : '–');
  const ecn = p.ecn as Record<string, unknown> | null;
  const pfc = p.pfc as Record<string, unknown> | null;
  const rows: [string, string][] = [
    ['senders', String(p.senders)],
    ['link rate', p.link_rate_gbps === null ? '–' : `${String(p.link_rate_gbps)} Gb/s`],
    ['packets', p.packet_bytes === null ? 'fluid' : `${String(p.packet_bytes)} B`],
    ...tcpParameterRows(p.tcp),
    ['congestion control', String(p.cca)],
    ['ECN marking', ecn === null ? 'none' : `K_min ${kB(ecn.k_min_bytes)}, K_max ${kB(ecn.k_max_bytes)}, P_max ${String(ecn.p_max ?? '–')}, at ${String(ecn.at)}, ${String(ecn.marks)} marks; CNPs at least ${String(ecn.notification_gap_us)} µs apart per flow`],
    ...qcnRows(p.qcn),
    ['PFC', pfc === null ? 'none' : `X_off ${kB(pfc.x_off_bytes)}, X_on ${kB(pfc.x_on_bytes)} per ingress, resume by ${String(pfc.resume)}`],
  ];
  return `<table class="parameters">${rows.map(([k, v]) => `<tr><td>${escape(k)}</td><td>${escape(v)}</td></tr>`).join('')}</table>`;
}
