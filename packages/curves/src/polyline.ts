import type { Curve } from './curve.ts';
import { CurveError, requireNonNegative } from './errors.ts';

/**
 * Visits the vertices of f's graph on [0, end] in time order: at each breakpoint its left limit,
 * value and right limit, then the segment's end (a vertex may repeat; +∞ values are passed on).
 */
function walkGraph(f: Curve, end: number, visit: (t: number, y: number) => void): void {
  for (let i = 0; i < f.t.length && f.t[i] <= end; i++) {
    if (i > 0) visit(f.t[i], f.leftLimitAtBreakpoint(i));
    visit(f.t[i], f.v[i]);
    visit(f.t[i], f.r[i]);
    const next = i + 1 < f.t.length ? Math.min(f.t[i + 1], end) : end;
    if (next > f.t[i] && f.r[i] !== Infinity) visit(next, f.segmentValue(i, next));
  }
}

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
  walkGraph(f, end, add);
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * The lowest and the highest vertex of f's polyline (as `polyline(f, end)` draws it, +∞ left out)
 * in each of `columns` equal slices of [0, end], in time order ({@link vertexEnvelope} of its
 * vertices). Since the graph is linear between vertices, this is its exact range in each slice, at
 * the cost of a walk over f's breakpoints and no vertex objects but the ones returned: for drawing
 * a curve with more vertices than pixels (a packet-level staircase) without losing a peak.
 * @example polylineEnvelope(step(5, 1), 2, 2) // [{t:0,y:0},{t:1,y:0},{t:1,y:5}]
 */
export function polylineEnvelope(f: Curve, end: number, columns: number): Vertex[] {
  return envelope(end, columns, (add) => walkGraph(f, end, add));
}

/**
 * The first vertex with the least value and the first with the greatest in each of `columns` equal
 * slices of [0, end] (one when they are the same), in time order, of vertices given in time order
 * (+∞ values left out; vertices at or after `end` fall in the last slice). Display only: a line
 * through them looks the same as through all of them at one slice per pixel.
 * @example vertexEnvelope([{ t: 0, y: 0 }, { t: 0.5, y: 3 }, { t: 1, y: 1 }], 1, 1) // [{t:0,y:0},{t:0.5,y:3}]
 */
export function vertexEnvelope(vertices: readonly Vertex[], end: number, columns: number): Vertex[] {
  return envelope(end, columns, (add) => {
    for (const v of vertices) add(v.t, v.y);
  });
}

/** The column envelope of the vertices `feed` passes to `add`, in time order. */
function envelope(end: number, columns: number, feed: (add: (t: number, y: number) => void) => void): Vertex[] {
  requireNonNegative('end', end);
  if (end === Infinity) throw new CurveError('end', end, 'a finite end time');
  if (!Number.isInteger(columns) || columns < 1) throw new CurveError('columns', columns, 'a whole number ≥ 1');
  const out: Vertex[] = [];
  let column = 0;
  let until = end / columns;
  let loT = 0;
  let loY = Infinity;
  let hiT = 0;
  let hiY = -Infinity;
  const flush = (): void => {
    if (loY === Infinity) return;
    // One vertex when the slice is flat (the first is both); else both, in time order.
    if (loY === hiY) out.push({ t: loT, y: loY });
    else if (loT <= hiT) out.push({ t: loT, y: loY }, { t: hiT, y: hiY });
    else out.push({ t: hiT, y: hiY }, { t: loT, y: loY });
    loY = Infinity;
    hiY = -Infinity;
  };
  feed((t, y) => {
    if (y === Infinity) return;
    if (!(t < until) && column < columns - 1) {
      flush();
      while (!(t < until) && column < columns - 1) until = (end * (++column + 1)) / columns;
    }
    if (y < loY) {
      loT = t;
      loY = y;
    }
    if (y > hiY) {
      hiT = t;
      hiY = y;
    }
  });
  flush();
  return out;
}
