import { type Curve, CurveBuilder, close } from '@ccalc/curves';
import { TransmissionRuns } from './packet-record.ts';

/**
 * The backlog of a FIFO server of whole packets, Σ sent − D, built in one pass over the packets:
 * the curve `subtract(staircase(arrivals), transmitted(starts))` gives, breakpoint for breakpoint,
 * without building the staircase and the departures as curves first.
 * - the staircase (packets of I bytes arriving at `arrivals`, s, increasing) jumps by I per packet
 *   at each instant (packets within the curves' tolerance of an instant's first arriving with it);
 * - the departures rise at I/T over each run of back-to-back transmissions (`starts`, s,
 *   increasing; a start within the tolerance of the previous end continues the run), and hold
 *   their value from the horizon on;
 * - the two are walked together as `mergeWalk` walks curves (breakpoints within the tolerance of
 *   each other are one instant) into a `CurveBuilder`, which makes the result canonical.
 * Bytes against seconds. Cost: one pass over the arrivals and starts.
 * @example packetBacklog(Float64Array.of(0, 0), Float64Array.of(0, 8e-8), 1000, 8e-8, 1).at(8e-8) // 1000
 */
export function packetBacklog(arrivals: Float64Array, starts: Float64Array, I: number, T: number, horizon: number): Curve {
  const rate = I / T;
  const b = new CurveBuilder(breakpointBound(arrivals, starts, T, horizon));

  // The staircase: its breakpoint at an instant (time, value before, right limit), and the next
  // packet not in a breakpoint yet. Packets at time 0 (or within the tolerance of it) make its
  // first breakpoint's jump.
  let ka = 0;
  let aV = 0;
  let aR = 0;
  const arrives = (k: number): boolean => k < arrivals.length && arrivals[k] < horizon;
  const takeInstant = (t: number): void => {
    while (arrives(ka) && (arrivals[ka] <= t || close(arrivals[ka], t))) {
      aR += I;
      ka += 1;
    }
  };
  takeInstant(0);

  // The departures: the breakpoint they are on (time, value, slope after it) and the run the next
  // ones come from: its start and level, and where it ends (the horizon if it is cut there).
  let dT = 0;
  let dV = 0;
  let dS = 0;
  const runs = new TransmissionRuns(starts, I, T, horizon);
  let runStart = Infinity;
  let runLevel = 0;
  let runEnd = Infinity;
  let runEndValue = 0;
  // Whether the departures' next breakpoint is the run's end (else its start).
  let atRun = false;
  const nextRun = (): void => {
    if (!runs.next()) {
      runStart = Infinity;
      return;
    }
    runStart = runs.start;
    runLevel = runs.level;
    runEnd = runs.end < horizon ? runs.end : horizon;
    runEndValue = runs.end < horizon ? runs.bytes : runs.bytes - rate * (runs.end - horizon);
  };
  nextRun();
  // A first run starting at 0 (or within the tolerance of it: the runs start it at 0) starts on
  // the first breakpoint.
  if (runStart === 0) {
    dS = rate;
    atRun = true;
  }
  const nextDeparture = (): number => (atRun ? runEnd : runStart);
  const advanceDeparture = (): void => {
    if (atRun) {
      dT = runEnd;
      dV = runEndValue;
      dS = 0;
      atRun = false;
      nextRun();
    } else {
      dT = runStart;
      dV = runLevel;
      dS = rate;
      atRun = true;
    }
  };

  // The walk: at each instant both curves' value and right limit (on a breakpoint, or inside a
  // segment), as mergeWalk reads them.
  let t = 0;
  let onA = true;
  let onD = true;
  for (;;) {
    const fv = onA ? aV : aR;
    const fr = aR;
    const gv = onD ? dV : dV + dS * (t - dT);
    b.push(t, fv - gv, fr - gv, 0 - dS);
    const nextA = arrives(ka) ? arrivals[ka] : Infinity;
    const nextD = nextDeparture();
    const next = nextA < nextD ? nextA : nextD;
    if (next === Infinity) break;
    const same = close(nextA, nextD);
    onA = nextA === next || same;
    onD = nextD === next || same;
    if (onA) {
      aV = aR;
      takeInstant(nextA);
    }
    if (onD) advanceDeparture();
    t = next;
  }
  return b.build();
}

/**
 * At most how many breakpoints the backlog has: one per arrival instant and two per run of
 * back-to-back transmissions, and the first (counted in a pass, so that the builder's arrays are
 * allocated once at about their size and not copied at the end).
 */
function breakpointBound(arrivals: Float64Array, starts: Float64Array, T: number, horizon: number): number {
  let n = 2;
  let instant = -Infinity;
  for (let k = 0; k < arrivals.length && arrivals[k] < horizon; k++) {
    if (arrivals[k] <= instant || close(arrivals[k], instant)) continue;
    n += 1;
    instant = arrivals[k];
  }
  for (const runs = new TransmissionRuns(starts, 0, T, horizon); runs.next(); ) n += 2;
  return n;
}
