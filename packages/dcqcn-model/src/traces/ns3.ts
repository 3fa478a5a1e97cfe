import { join } from 'node:path';
import { readNumericCsv, traceFile } from './csv.ts';

/** The series of one simulator run in the format of shared/traces (times in seconds, bytes). */
export interface Ns3Trace {
  /** Per 1 µs bin starting at `binStart` (s): bytes arriving at the switch and leaving toward the receiver. */
  bins: { binStart: Float64Array; arrivalBytes: Float64Array; departureBytes: Float64Array; binWidth: number };
  /** Switch backlog sampled every 1 µs (bytes). */
  backlog: { time: Float64Array; bytes: Float64Array };
  /** CNPs as they reach senders. */
  cnps: { time: Float64Array; sender: Float64Array };
  /** PFC frames: PAUSE/RESUME sent by the switch to `sender`. */
  pfc: { time: Float64Array; sender: Float64Array; pause: Uint8Array };
  /**
   * Flow completion per sender (s): when the sender learned it (`time`) and when the last byte
   * reached the receiver (`lastByte`); with a connection per burst, one row per connection and its
   * `burst` (null when the file has no such column: one flow per sender).
   */
  completion: { sender: Float64Array; time: Float64Array; lastByte: Float64Array; burst: Float64Array | null };
  /**
   * The first rate cut at any sender (s): the first decrease of a sender's R_C in `_dcqcn_state.csv`
   * (polled every 10 ns, so up to 10 ns late). Null without that file or without a cut.
   */
  firstCut: number | null;
}

/**
 * Reads the CSV files of one run of shared/traces (`<prefix>_arrivals_1us.csv`, `_backlog.csv`,
 * `_cnp_events.csv`, `_pfc_events.csv`, `_fct.csv`, and `_dcqcn_state.csv` if there is one;
 * runs with a connection per burst add a trailing `burst` column, read from `_fct.csv`),
 * validating each (see readNumericCsv). Times
 * are converted from integer nanoseconds to seconds.
 * @example const trace = await readNs3Trace('../shared/traces/ns3-incast-31', 'A2_dcqcn_pfc')
 */
export async function readNs3Trace(folder: string, prefix: string): Promise<Ns3Trace> {
  const file = (suffix: string): string => join(folder, `${prefix}_${suffix}.csv`);
  const [arr, back, cnp, pfc, fct] = await Promise.all([
    readNumericCsv(file('arrivals_1us'), ['t_ns', 'bin_ns', 'agg_arrival_bytes', 'departure_bytes_to_receiver'], 't_ns'),
    readNumericCsv(file('backlog'), ['t_ns', 'switch_total_bytes'], 't_ns'),
    readNumericCsv(file('cnp_events'), ['t_ns', 'sender'], 't_ns'),
    readNumericCsv(file('pfc_events'), ['t_ns', 'node', 'port', 'type'], 't_ns'),
    readNumericCsv(file('fct'), ['sender', 'complete_ns', 'last_byte_at_receiver_ns'], undefined, ['burst']),
  ]);
  const state = traceFile(file('dcqcn_state')) !== null ? await readNumericCsv(file('dcqcn_state'), ['t_ns', 'sender', 'Rc_bps'], 't_ns') : null;
  const seconds = (ns: Float64Array): Float64Array => ns.map((x) => x * 1e-9);
  // Frames the switch sent: type 2 (PAUSE) or 3 (RESUME), out of port p, which faces sender p − 1.
  // (Types 1 and 0 are the same frames received by the hosts.) The switch's node number depends on
  // the number of senders (32 with 31), so it is not used.
  const sent = [...pfc.columns.type.keys()].filter((k) => pfc.columns.type[k] === 2 || pfc.columns.type[k] === 3);
  return {
    bins: {
      binStart: seconds(arr.columns.t_ns),
      arrivalBytes: arr.columns.agg_arrival_bytes,
      departureBytes: arr.columns.departure_bytes_to_receiver,
      binWidth: (arr.columns.bin_ns[0] ?? 1000) * 1e-9,
    },
    backlog: { time: seconds(back.columns.t_ns), bytes: back.columns.switch_total_bytes },
    cnps: { time: seconds(cnp.columns.t_ns), sender: cnp.columns.sender },
    pfc: {
      time: Float64Array.from(sent, (k) => pfc.columns.t_ns[k] * 1e-9),
      sender: Float64Array.from(sent, (k) => pfc.columns.port[k] - 1),
      pause: Uint8Array.from(sent, (k) => (pfc.columns.type[k] === 2 ? 1 : 0)),
    },
    completion: { sender: fct.columns.sender, time: seconds(fct.columns.complete_ns), lastByte: seconds(fct.columns.last_byte_at_receiver_ns), burst: fct.columns.burst ?? null },
    firstCut: state === null ? null : firstDecrease(state.columns.t_ns, state.columns.sender, state.columns.Rc_bps),
  };
}

/** The first time (s) a sender's rate falls below its previous value in a change log (ns, sender, rate). */
function firstDecrease(tNs: Float64Array, sender: Float64Array, rate: Float64Array): number | null {
  const last = new Map<number, number>();
  for (let k = 0; k < tNs.length; k++) {
    const before = last.get(sender[k]);
    if (before !== undefined && rate[k] < before) return tNs[k] * 1e-9;
    last.set(sender[k], rate[k]);
  }
  return null;
}
