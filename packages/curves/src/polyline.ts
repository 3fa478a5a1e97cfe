import type { Curve } from './curve.ts';
import { CurveError, requireNonNegative } from './errors.ts';

/** A vertex of the drawn graph of a curve. */
export interface Vertex {
  t: number;
  y: number;
}

/**
 * The exact graph of f on [0, end] as a polyline for plotting: consecutive vertices are joined by
 * straight strokes, a jump becomes a vertical stroke (left limit → value → right limit), and +∞
 * stretches are omitted (the polyline is split into several runs there). No sampling: each
 * breakpoint gives at most three vertices. Units are those of the curve.
 * @example polyline(step(5, 1), 2) // [[{t:0,y:0},{t:1,y:0},{t:1,y:5},{t:2,y:5}]]
 */
export function polyline(f: Curve, end: number): Vertex[][] {
  requireNonNegative('end', end);
  if (end === Infinity) throw new CurveError('end', end, 'a finite end time');
  const runs: Vertex[][] = [];
  let run: Vertex[] = [];
  const add = (t: number, y: number): void => {
    if (y === Infinity) {
      if (run.length > 0) runs.push(run);
      run = [];
      return;
    }
    const last = run[run.length - 1];
    if (last === undefined || last.t !== t || last.y !== y) run.push({ t, y });
  };
  for (let i = 0; i < f.t.length && f.t[i] <= end; i++) {
    if (i > 0) add(f.t[i], f.leftLimitAtBreakpoint(i));
    add(f.t[i], f.v[i]);
    add(f.t[i], f.r[i]);
    const next = i + 1 < f.t.length ? Math.min(f.t[i + 1], end) : end;
    if (next > f.t[i] && f.r[i] !== Infinity) add(next, f.segmentValue(i, next));
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
