import { describe, expect, it } from 'vitest';
import { eventTimeErrors } from './event-times.ts';
import type { Ns3Trace } from './traces/ns3.ts';

/** A trace with only the event fields set (times in s). */
const trace = (o: Partial<Ns3Trace>): Ns3Trace => ({
  bins: { binStart: new Float64Array(), arrivalBytes: new Float64Array(), departureBytes: new Float64Array(), binWidth: 1e-6 },
  backlog: { time: new Float64Array(), bytes: new Float64Array() },
  cnps: { time: new Float64Array(), sender: new Float64Array() },
  pfc: { time: new Float64Array(), sender: new Float64Array(), pause: new Uint8Array() },
  completion: { sender: new Float64Array(), time: new Float64Array(), lastByte: new Float64Array(), burst: null },
  firstCut: null,
  ...o,
});

describe('eventTimeErrors', () => {
  const sim = trace({
    cnps: { time: Float64Array.of(4.68e-6, 5e-6), sender: Float64Array.of(6, 7) },
    firstCut: 54.69e-6,
    // A RESUME listed first must not be taken for the first PAUSE.
    pfc: { time: Float64Array.of(90e-6, 102.278e-6), sender: Float64Array.of(1, 2), pause: Uint8Array.of(0, 1) },
    completion: { sender: Float64Array.of(1, 0, 2), time: Float64Array.of(0, 0, 0), lastByte: Float64Array.of(2001e-6, 1001e-6, 3001e-6), burst: null },
  });

  it('compares connection by connection when the trace has a burst column: the k-th burst of a sender is its k-th connection', () => {
    // Sender 0 ran bursts 1 and 2 (1-based here), sender 1 burst 1; rows in any order.
    const bursts = trace({ completion: { sender: Float64Array.of(0, 1, 0), time: Float64Array.of(0, 0, 0), lastByte: Float64Array.of(301e-6, 151e-6, 101e-6), burst: Float64Array.of(2, 1, 1) } });
    const e = eventTimeErrors({ completion_us: [300, 150], connection_completion_us: [[100.5, 302], [150]], clock_us: { sender_to_switch: 0, switch_to_receiver: 1 } }, bursts) as Record<string, Record<string, unknown>>;
    const last = e.last_byte_at_receiver_us;
    expect(last.per).toBe('connection');
    expect(last.senders).toBe(3);
    // Errors +0.5 (sender 0, first burst), +2 (its second), 0 (sender 1).
    expect(last.max_abs_error as number).toBeCloseTo(2, 9);
    expect(last.mean_error as number).toBeCloseTo(2.5 / 3, 9);
    // Without the run's connections, the senders' completions are compared as before.
    expect(eventTimeErrors({ completion_us: [300, 150] }, trace({ completion: { ...bursts.completion, burst: null } })).last_byte_at_receiver_us).toMatchObject({ per: 'sender' });
    // A run without connections against the trace's bursts: each sender's last burst (301 and 151 µs at the receiver).
    const lastOnly = eventTimeErrors({ completion_us: [300, 150], clock_us: { sender_to_switch: 0, switch_to_receiver: 1 } }, bursts).last_byte_at_receiver_us as Record<string, number>;
    expect(lastOnly).toMatchObject({ per: 'sender', senders: 2 });
    expect(lastOnly.max_abs_error).toBeCloseTo(0, 9);
  });

  it('puts sender events on the sender clock, PAUSE on the switch, completions at the receiver', () => {
    const e = eventTimeErrors(
      { first_notification_us: 5.76384, first_cut_us: 55.76384, first_pause_sent_us: 102.278, completion_us: [1000, 2000.5, null], clock_us: { sender_to_switch: 1.08384, switch_to_receiver: 1 } },
      sim,
    ) as Record<string, { model: number; simulator: number; error: number } & Record<string, unknown>>;
    expect(e.first_cnp_at_sender_us.error).toBeCloseTo(0, 9);
    expect(e.first_cut_at_sender_us.model).toBeCloseTo(54.68, 9);
    expect(e.first_cut_at_sender_us.error).toBeCloseTo(-0.01, 9);
    expect(e.first_pause_sent_us.error).toBeCloseTo(0, 9);
    // Senders 0 and 1 finished in both (sender 2 not in the model): errors 0 and +0.5 µs.
    expect(e.last_byte_at_receiver_us.senders).toBe(2);
    expect(e.last_byte_at_receiver_us.max_abs_error as number).toBeCloseTo(0.5, 9);
    expect(e.last_byte_at_receiver_us.mean_error as number).toBeCloseTo(0.25, 9);
    expect((e.last_byte_at_receiver_us.last as { error: number }).error).toBeCloseTo(0.5, 9); // 2001.5 against 2001
  });

  it('is null where a side has no such event, and says when the clock was not given', () => {
    const e = eventTimeErrors({ first_notification_us: null, first_cut_us: 3 }, trace({}));
    expect(e.first_cnp_at_sender_us).toBe(null);
    expect(e.first_cut_at_sender_us).toBe(null);
    expect(e.first_pause_sent_us).toBe(null);
    expect(e.last_byte_at_receiver_us).toBe(null);
    expect(e.clock).toMatch(/^not given/);
  });
});
