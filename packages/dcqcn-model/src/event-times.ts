import type { Ns3Trace } from './traces/ns3.ts';

/** The fields of a run's summary.json that event times are read from (µs on the model's clock). */
export interface RunEventTimes {
  first_notification_us?: number | null;
  first_cut_us?: number | null;
  first_pause_sent_us?: number | null;
  completion_us?: (number | null)[];
  /** Each sender's connections' completion times, in order of opening (a connection per burst). */
  connection_completion_us?: (number | null)[][];
  /** The model's clock against the simulator's hosts (see `Clock` in scenarios.ts); absent: 0 and 0. */
  clock_us?: { sender_to_switch: number; switch_to_receiver: number };
}

/** One event time, model against simulator (µs), and the error model − simulator. */
export interface TimePair {
  model: number;
  simulator: number;
  error: number;
}

const pair = (model: number | null | undefined, simulator: number | null): TimePair | null =>
  model === null || model === undefined || simulator === null ? null : { model, simulator, error: model - simulator };

/**
 * Event times of a run against a simulator's, each on the clock where the simulator records it
 * (µs): the first CNP and the first rate cut at a sender (the model's times minus
 * `clock_us.sender_to_switch`), the first PAUSE as the switch sends it, and each sender's last byte
 * at the receiver (the model's completion, when its last byte leaves the switch, plus
 * `clock_us.switch_to_receiver`): the largest and mean error over the senders both finished, and the
 * last one. When the trace has a connection per burst (a `burst` column) and the run its
 * connections' completions (`connection_completion_us`), they are compared connection by connection
 * (`per: "connection"`; `senders` then counts connections). An event that one side does not have is null.
 * @example eventTimeErrors({ first_notification_us: 5.764, clock_us: { sender_to_switch: 1.08384, switch_to_receiver: 1 } }, trace).first_cnp_at_sender_us // { model: 4.68016, simulator: 4.68, … }
 */
export function eventTimeErrors(run: RunEventTimes, trace: Ns3Trace): Record<string, unknown> {
  const toSender = run.clock_us?.sender_to_switch ?? 0;
  const toReceiver = run.clock_us?.switch_to_receiver ?? 0;
  const us = (s: number | null | undefined): number | null => (s === null || s === undefined ? null : s * 1e6);
  const atSender = (t: number | null | undefined): number | null => (t === null || t === undefined ? null : t - toSender);
  const finished: { model: number; simulator: number }[] = [];
  const perConnection = trace.completion.burst !== null && run.connection_completion_us !== undefined;
  // With a connection per burst, the simulator's k-th burst of a sender (in the order of its burst
  // numbers) is the model's k-th connection of that sender.
  const order = Array.from(trace.completion.sender.keys()).sort((a, b) => trace.completion.sender[a] - trace.completion.sender[b] || (trace.completion.burst === null ? 0 : trace.completion.burst[a] - trace.completion.burst[b]));
  trace.completion.sender.forEach((j, k) => {
    let model = run.completion_us?.[j];
    const rows = order.filter((i) => trace.completion.sender[i] === j);
    if (perConnection) model = run.connection_completion_us![j]?.[rows.indexOf(k)];
    // A run with one connection per sender against a trace with several: the sender's last one.
    else if (trace.completion.burst !== null && rows.at(-1) !== k) return;
    if (model !== null && model !== undefined && Number.isFinite(trace.completion.lastByte[k])) finished.push({ model: model + toReceiver, simulator: trace.completion.lastByte[k] * 1e6 });
  });
  const errors = finished.map((x) => x.model - x.simulator);
  const last = (key: 'model' | 'simulator'): number => Math.max(...finished.map((x) => x[key]));
  return {
    clock: run.clock_us === undefined ? 'not given: the model\'s times are compared as they are' : `sender to switch ${toSender} µs, switch to receiver ${toReceiver} µs`,
    first_cnp_at_sender_us: pair(atSender(run.first_notification_us), trace.cnps.time.length > 0 ? trace.cnps.time[0] * 1e6 : null),
    first_cut_at_sender_us: pair(atSender(run.first_cut_us), us(trace.firstCut)),
    first_pause_sent_us: pair(run.first_pause_sent_us, trace.pfc.pause.includes(1) ? trace.pfc.time[trace.pfc.pause.indexOf(1)] * 1e6 : null),
    last_byte_at_receiver_us:
      finished.length === 0
        ? null
        : {
            per: perConnection ? 'connection' : 'sender',
            senders: finished.length,
            max_abs_error: Math.max(...errors.map(Math.abs)),
            mean_error: errors.reduce((a, b) => a + b, 0) / errors.length,
            last: pair(last('model'), last('simulator')),
          },
  };
}
