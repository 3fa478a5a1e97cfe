import type { CongestionControl } from '../../cca.ts';
import type { EngineEvent, StepSeries } from '../../results.ts';
import { measureRtt, type RttEstimate } from '../../rtt-estimator.ts';
import { recordState } from '../../state-series.ts';
import { Floats } from '../events/growable.ts';

/** Where a sender hands a segment: its NIC's queue (the access link), then the switch. */
export interface SegmentSink {
  /** A segment of `payload` bytes ending at byte `end` leaves the sender at tick t. */
  send(flow: number, t: number, end: number, payload: number): void;
}

/**
 * One TCP connection's sender as ns-3's `TcpSocketBase` runs it without losses: a socket buffer the
 * application writes into; whole segments sent while the window allows (a segment needs a full
 * segment of window, unless what is left to send is smaller: no Nagle, as ns-3's TcpNoDelay); one
 * RTT sample per acknowledgement (the oldest unacknowledged segment's, from when it was sent), fed
 * into the smoothed RTT (`measureRtt`); the CCA's `onAck` on every new acknowledgement, then more
 * segments. Times are integer ticks (ps); bytes count from the connection's first data byte.
 */
export class TcpSender {
  state: unknown;
  /** Bytes written by the application, sent (SND.NXT) and acknowledged (SND.UNA). */
  written = 0;
  nextToSend = 0;
  acknowledged = 0;
  /** A send attempt is scheduled (an application write waits one tick for more writes, as ns-3). */
  sendScheduled = false;
  private window: number;
  private leftover = 0;
  private rtt: RttEstimate;
  /** Sent segments not yet acknowledged: their last byte + 1 and when they were sent (ticks). */
  private readonly historyEnd = new Floats();
  private readonly historyTime = new Floats();
  private historyHead = 0;
  private described: Record<string, number>;
  /** SND.NXT after each send (ticks, bytes), for the admitted curve. */
  readonly sendTimes = new Floats();
  readonly sendLevels = new Floats();
  readonly series: Record<string, StepSeries> = {};

  constructor(
    readonly index: number,
    readonly cca: CongestionControl<unknown>,
    private readonly segmentSize: number,
    /** The handshake's RTT sample (ticks): the smoothed RTT's first value. */
    handshakeRtt: number,
    private readonly tick: number,
  ) {
    this.state = cca.initial(0, 0);
    this.window = windowOf(cca, this.state);
    this.rtt = measureRtt(undefined, handshakeRtt);
    this.described = cca.describe(this.state);
    recordState(this.series, { ...this.described, srtt: handshakeRtt * tick }, 0);
  }

  /** Whether the window has room for a byte (ns-3 schedules a send after a write only then). */
  windowOpen(): boolean {
    return this.window > this.nextToSend - this.acknowledged;
  }

  /** Sends every segment the window and the buffer allow at tick t. */
  sendPending(t: number, sink: SegmentSink): void {
    const mss = this.segmentSize;
    for (;;) {
      const unsent = this.written - this.nextToSend;
      if (unsent <= 0) return;
      const inFlight = this.nextToSend - this.acknowledged;
      const room = this.window > inFlight ? this.window - inFlight : 0;
      if (room < mss && unsent > room) return;
      const size = Math.min(room, mss, unsent);
      this.nextToSend += size;
      this.historyEnd.push(this.nextToSend);
      this.historyTime.push(t);
      this.sendTimes.push(t);
      this.sendLevels.push(this.nextToSend);
      sink.send(this.index, t, this.nextToSend, size);
    }
  }

  /** The acknowledgement of every byte below `ack` arrives at tick t: RTT sample, CCA, log. */
  receiveAck(t: number, ack: number, events: EngineEvent[]): void {
    let sample = 0;
    if (this.historyHead < this.historyEnd.length && ack >= this.historyEnd.at(this.historyHead)) sample = t - this.historyTime.at(this.historyHead);
    while (this.historyHead < this.historyEnd.length && this.historyEnd.at(this.historyHead) <= ack) this.historyHead++;
    if (sample > 0) this.rtt = measureRtt(this.rtt, sample);
    if (ack <= this.acknowledged) return;
    const mss = this.segmentSize;
    const bytes = ack - this.acknowledged;
    let segments = Math.floor(bytes / mss);
    this.leftover += bytes % mss;
    if (this.leftover >= mss) {
      segments += 1;
      this.leftover -= mss;
    }
    const now = t * this.tick;
    const srtt = this.rtt.srtt * this.tick;
    const reaction = this.cca.onAck!(this.state, { now, ackedUpTo: ack, nextToSend: this.nextToSend, segmentsAcked: segments, rtt: srtt });
    this.acknowledged = ack;
    this.state = reaction.state;
    this.window = windowOf(this.cca, this.state);
    const before = this.described;
    const after = this.cca.describe(this.state);
    for (const key in after) {
      if (after[key] !== before[key]) {
        events.push({ time: now, flow: this.index, kind: reaction.kind, before, after });
        this.described = after;
        recordState(this.series, after, now);
        break;
      }
    }
    // The smoothed RTT changes at almost every acknowledgement: appended directly (recordState's rule).
    const rtts = this.series.srtt;
    const last = rtts.value.length - 1;
    if (rtts.time[last] === now) rtts.value[last] = srtt;
    else if (rtts.value[last] !== srtt) {
      rtts.time.push(now);
      rtts.value.push(srtt);
    }
  }
}

/** The window of a window-based CCA (bytes). */
function windowOf(cca: CongestionControl<unknown>, state: unknown): number {
  const limit = cca.limit(state);
  if (limit.kind === 'rate') throw new Error(`${cca.name}: a rate limit, which the segment engine does not run (use the event engine)`);
  return limit.window;
}
