import { readNumericCsv, traceFile } from './csv.ts';

/** A TCP run of a packet simulator in the format of shared/traces/ns3-vegas (times in s, bytes). */
export interface TcpTrace {
  /** Every change of cwnd or ssthresh (the value after it), traffic time; the setup rows before 0 excluded. */
  cwndEvents: { time: Float64Array; cwnd: Float64Array; ssthresh: Float64Array };
  /** Samples every 1 µs from 0: cwnd, ssthresh, unsent bytes, NIC and switch queues (now and the exact maximum since the previous sample), bytes delivered, smoothed RTT (s). */
  samples: {
    time: Float64Array;
    cwnd: Float64Array;
    ssthresh: Float64Array;
    unsent: Float64Array;
    sourceQueue: Float64Array;
    sourceQueueMax: Float64Array;
    switchQueue: Float64Array;
    switchQueueMax: Float64Array;
    delivered: Float64Array;
    srtt: Float64Array;
  };
}

/**
 * Whether `prefix` names a TCP trace (its `<prefix>_cwnd_events.csv`, or the .gz copy, exists).
 * @example isTcpTrace('traces/ns3-vegas/B1_vegas') // true
 */
export function isTcpTrace(prefix: string): boolean {
  return traceFile(`${prefix}_cwnd_events.csv`) !== null;
}

/**
 * Reads a TCP trace: `<prefix>_cwnd_events.csv` (t_us, cwnd_bytes, ssthresh_bytes) and
 * `<prefix>_samples_1us.csv` (t_us and the columns of `TcpTrace.samples`), validating each (see
 * readNumericCsv: missing columns, non-numbers and decreasing times are errors naming the file,
 * line and column).
 * @example const trace = await readTcpTrace('traces/ns3-vegas/B1_vegas')
 */
export async function readTcpTrace(prefix: string): Promise<TcpTrace> {
  const [events, samples] = await Promise.all([
    readNumericCsv(`${prefix}_cwnd_events.csv`, ['t_us', 'cwnd_bytes', 'ssthresh_bytes'], 't_us'),
    readNumericCsv(`${prefix}_samples_1us.csv`, ['t_us', 'cwnd_bytes', 'ssthresh_bytes', 'socket_unsent_bytes', 'src_nic_queue_bytes', 'src_nic_queue_max_prev_1us_bytes', 'switch_egress_queue_bytes', 'switch_egress_queue_max_prev_1us_bytes', 'bytes_delivered_cum', 'last_rtt_ns'], 't_us'),
  ]);
  const e = events.columns;
  const first = e.t_us.findIndex((t) => t >= 0);
  const from = first < 0 ? e.t_us.length : first;
  const s = samples.columns;
  return {
    cwndEvents: { time: e.t_us.slice(from).map((t) => t * 1e-6), cwnd: e.cwnd_bytes.slice(from), ssthresh: e.ssthresh_bytes.slice(from) },
    samples: {
      time: s.t_us.map((t) => t * 1e-6),
      cwnd: s.cwnd_bytes,
      ssthresh: s.ssthresh_bytes,
      unsent: s.socket_unsent_bytes,
      sourceQueue: s.src_nic_queue_bytes,
      sourceQueueMax: s.src_nic_queue_max_prev_1us_bytes,
      switchQueue: s.switch_egress_queue_bytes,
      switchQueueMax: s.switch_egress_queue_max_prev_1us_bytes,
      delivered: s.bytes_delivered_cum,
      srtt: s.last_rtt_ns.map((x) => x * 1e-9),
    },
  };
}
