import { type Curve, CurveBuilder, close, subtract } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import type { EngineEvent, EngineResult, FlowResult, SentNotification } from '../../results.ts';
import type { PacketSender } from './sender.ts';
import type { FifoPort } from './fifo-port.ts';
import { Floats } from './growable.ts';

/**
 * The event engine's result, in the curve engine's form. The curves are exact and built on first
 * use from what the run recorded (each packet's arrival and transmission start), so a caller that
 * reads only events and summary figures does not pay for them:
 * - `sent`: the flow's packets as they reach the switch, a staircase I·⌈Â/I⌉;
 * - `delivered`: D_j, rising at C while one of the flow's packets is transmitted;
 * - `departures`: D, likewise for every packet; `backlog`: Σ sent − D.
 * Â (`admitted`) is the senders' plans joined. All hold their value at the horizon after it.
 */
export function eventResult(model: PathServerModel, senders: PacketSender[], port: FifoPort, events: EngineEvent[], notifications: SentNotification[]): EngineResult {
  const horizon = model.horizon;
  const I = port.packet;
  const T = port.packetTime;
  const flows: FlowResult[] = senders.map((s, j) => {
    const admitted = s.admittedCurve(horizon);
    let sent: Curve | undefined;
    let delivered: Curve | undefined;
    return {
      name: model.flows[j].name ?? `flow ${j + 1}`,
      arrivals: model.flows[j].arrivals,
      admitted,
      get sent() {
        return (sent ??= staircase(s.starts, I, horizon));
      },
      get delivered() {
        return (delivered ??= transmitted(port.flowStarts[j], I, T, horizon));
      },
      state: s.series,
    };
  });
  let departures: Curve | undefined;
  let backlog: Curve | undefined;
  return {
    horizon,
    flows,
    get departures() {
      return (departures ??= transmitted(merged(port.flowStarts), I, T, horizon));
    },
    get backlog() {
      return (backlog ??= subtract(staircase(merged(senders.map((s) => s.starts)), I, horizon), this.departures));
    },
    events,
    notifications,
    stats: { windows: 0, events: events.length, engine: 'events' },
  };
}

/** Every flow's instants in one increasing list. */
function merged(lists: Floats[]): Floats {
  const all = new Floats();
  for (const l of lists) for (let k = 0; k < l.length; k++) all.push(l.at(k));
  all.view().sort();
  return all;
}

/** Packets counted when they arrive (s, increasing): k·I at the k-th instant, (k+1)·I just after. */
function staircase(times: Floats, I: number, horizon: number): Curve {
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  let level = 0;
  for (let k = 0; k < times.length; k++) {
    const t = times.at(k);
    if (!(t < horizon)) break;
    b.push(t, level, level + I, 0);
    level += I;
  }
  return b.build();
}

/**
 * Bytes transmitted when packets start at `starts` (s, increasing) and take T each at rate I/T:
 * one rising segment per run of back-to-back packets (a packet starting within the tolerance of
 * the previous one's end continues it), flat after the horizon.
 */
function transmitted(starts: Floats, I: number, T: number, horizon: number): Curve {
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  const rate = I / T;
  let level = 0;
  let end = -Infinity;
  for (let k = 0; k < starts.length; k++) {
    const s = starts.at(k);
    if (!(s < horizon)) break;
    if (!close(s, end)) {
      if (end > -Infinity) b.push(end, level, level, 0);
      b.push(s, level, level, rate);
    }
    level += I;
    end = s + T;
  }
  if (end > -Infinity) {
    if (end < horizon) b.push(end, level, level, 0);
    else {
      const v = level - rate * (end - horizon);
      b.push(horizon, v, v, 0);
    }
  }
  return b.build();
}
