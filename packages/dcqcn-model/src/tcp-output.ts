import type { EngineResult } from '@ccalc/cca';
import { csvNumber } from './csv-numbers.ts';
import { microseconds, stepSamples } from './output.ts';
import { peakOf } from './backlog-figures.ts';

/** The initial slow-start threshold of a TCP socket (ns-3: 2³² − 1, "none"). */
export const NO_SSTHRESH = 4294967295;

/**
 * The largest of a series of values and the first time it is taken (0 and 0 for none above 0).
 * @example firstLargest([0, 1, 2], [5, 7, 7]) // { value: 7, at: 1 }
 */
export function firstLargest(times: ArrayLike<number>, values: ArrayLike<number>): { value: number; at: number } {
  let value = 0;
  let at = 0;
  for (let k = 0; k < values.length; k++) {
    if (values[k] > value) {
      value = values[k];
      at = times[k];
    }
  }
  return { value, at };
}

/**
 * tcp.csv of a segment-engine run: per sender, sampled at each bin start after the changes at that
 * instant (as a simulator's sampler reads its counters): cwnd and ssthresh (bytes), the smoothed
 * RTT (ns), the socket's unsent bytes, the sender's NIC queue and the switch's queue (wire bytes
 * waiting, the packet in transmission excluded) and the bytes delivered to the receiver. Null when
 * the run is not a segment-engine run.
 * @example tcpCsv(runSegments(vegasNs3Model()), 1e-6)
 */
export function tcpCsv(result: EngineResult, bin: number): string | null {
  const tcp = result.tcp;
  if (tcp === undefined) return null;
  const count = Math.floor(result.horizon / bin + 1e-9) + 1;
  const times = Array.from({ length: count }, (_, k) => k * bin);
  // The state series sampled in one sweep each, after the changes at each instant.
  const sampled = result.flows.map((f) => ({ cwnd: stepSamples(f.state.window, times), ssthresh: stepSamples(f.state.ssthresh, times), srtt: stepSamples(f.state.srtt, times) }));
  const rows = ['time_us,sender,cwnd_bytes,ssthresh_bytes,srtt_ns,unsent_bytes,source_queue_bytes,switch_queue_bytes,delivered_bytes'];
  times.forEach((t, k) => {
    const time = csvNumber(t * 1e6, 6, 'time_us');
    const switchQueue = csvNumber(tcp.switchQueue.rightLimit(t), 3, 'switch_queue_bytes');
    result.flows.forEach((f, j) => {
      const s = sampled[j];
      const cwnd = csvNumber(s.cwnd[k], 3, 'cwnd_bytes');
      const ssthresh = csvNumber(s.ssthresh[k], 3, 'ssthresh_bytes');
      const srtt = csvNumber(s.srtt[k] * 1e9, 3, 'srtt_ns');
      const unsent = csvNumber(tcp.unsent[j].rightLimit(t), 3, 'unsent_bytes');
      const queue = csvNumber(tcp.sourceQueues[j].rightLimit(t), 3, 'source_queue_bytes');
      rows.push(`${time},${j},${cwnd},${ssthresh},${srtt},${unsent},${queue},${switchQueue},${csvNumber(f.delivered.rightLimit(t), 3, 'delivered_bytes')}`);
    });
  });
  return rows.join('\n');
}

/** Per-sender TCP figures of summary.json (`tcp`), exact from the run. */
export interface TcpSenderSummary {
  /** When slow start ended (the first slow-start threshold below "none"), and cwnd then; null if it did not. */
  slow_start_end_us: number | null;
  slow_start_end_cwnd_bytes: number | null;
  /** The largest cwnd and the first instant it was reached. */
  max_cwnd_bytes: number;
  max_cwnd_time_us: number;
  /** The socket's unsent bytes at their largest (after the writes of that instant), and when. */
  unsent_peak_bytes: number;
  unsent_peak_time_us: number;
  /** The largest NIC queue, counting packets queued for no time (as a simulator's exact maximum). */
  source_queue_peak_bytes: number;
  /** Bytes delivered to the receiver by the horizon. */
  delivered_bytes: number;
}

/**
 * summary.json's `tcp` section of a segment-engine run (null otherwise): each sender's figures
 * (`TcpSenderSummary`) and the switch queue's largest value. Times in µs to the nanosecond.
 * @example tcpSummary(runSegments(vegasNs3Model()))!.senders[0].max_cwnd_bytes // 147000
 */
export function tcpSummary(result: EngineResult): { senders: TcpSenderSummary[]; switch_queue_peak_bytes: number } | null {
  const tcp = result.tcp;
  if (tcp === undefined) return null;
  const senders = result.flows.map((f, j): TcpSenderSummary => {
    const window = f.state.window;
    const ssthresh = f.state.ssthresh;
    const end = ssthresh.value.findIndex((x) => x < NO_SSTHRESH);
    const endTime = end < 0 ? null : ssthresh.time[end];
    const { value: max, at: maxAt } = firstLargest(window.time, window.value);
    const unsent = peakOf(tcp.unsent[j], result.horizon);
    return {
      slow_start_end_us: endTime === null ? null : microseconds(endTime),
      slow_start_end_cwnd_bytes: endTime === null ? null : stepSamples(window, [endTime])[0],
      max_cwnd_bytes: max,
      max_cwnd_time_us: microseconds(maxAt),
      unsent_peak_bytes: unsent.peak,
      unsent_peak_time_us: microseconds(unsent.at),
      source_queue_peak_bytes: tcp.sourceQueuePeaks[j],
      delivered_bytes: f.delivered.rightLimit(result.horizon),
    };
  });
  return { senders, switch_queue_peak_bytes: tcp.switchQueuePeak };
}
