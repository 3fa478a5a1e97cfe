import { describe, expect, it } from 'vitest';
import { Curve, CurveError } from './index.ts';

describe('Curve data model', () => {
  const f = Curve.fromBreakpoints([
    [0, 0, 0, 1],
    [2, 2, 5, 0],
    [3, 7, 5, 2],
  ]);

  it('evaluates at +∞ as the limit: the final value, or ±∞ with a sloped tail', () => {
    expect(f.at(Infinity)).toBe(Infinity);
    expect(Curve.fromBreakpoints([[0, 0, 0, 1], [2, 2, 5, 0]]).at(Infinity)).toBe(5);
    expect(Curve.fromBreakpoints([[0, 0, 0, 0], [1, 0, 3, -1]]).at(Infinity)).toBe(-Infinity);
    expect(Curve.fromBreakpoints([[0, 0, 0, 0]]).at(Infinity)).toBe(0);
  });

  it('evaluates values, right limits and left limits at and between breakpoints', () => {
    expect(f.at(1)).toBe(1);
    expect(f.at(2)).toBe(2);
    expect(f.rightLimit(2)).toBe(5);
    expect(f.leftLimit(2)).toBe(2);
    expect(f.at(3)).toBe(7); // isolated point value
    expect(f.leftLimit(3)).toBe(5);
    expect(f.rightLimit(3)).toBe(5);
    expect(f.at(4)).toBe(7);
  });

  it('is 0 before time 0 (network-calculus convention)', () => {
    expect(f.at(-1)).toBe(0);
    expect(f.leftLimit(0)).toBe(0);
  });

  it('drops breakpoints that change nothing and keeps the ones that do', () => {
    const g = Curve.fromBreakpoints([
      [0, 0, 0, 1],
      [1, 1, 1, 1], // redundant
      [2, 2, 2, 3],
    ]);
    expect([...g.t]).toEqual([0, 2]);
    expect(g.at(3)).toBe(5);
  });

  it('round-trips through the JSON interchange format, +∞ included', () => {
    const d = Curve.fromBreakpoints([
      [0, 0, 0, 0],
      [1.5, 0, Infinity, 0],
    ]);
    const text = JSON.stringify(d);
    expect(text).toBe('{"breakpoints":[[0,0,0,0],[1.5,0,"inf",0]]}');
    const back = Curve.fromJSON(text);
    expect(back.breakpoints()).toEqual(d.breakpoints());
    expect(back.at(2)).toBe(Infinity);
    expect(Curve.fromJSON(f.toJSON()).breakpoints()).toEqual(f.breakpoints());
  });

  it.each([
    [[], 'breakpoints'],
    [[[1, 0, 0, 0]], 'breakpoints[0][0] (t)'],
    [[[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 1, 0]], 'breakpoints[2][0] (t)'],
    [[[0, 0, 0, 0], [2, 0, 0, 0], [1, 1, 1, 0]], 'breakpoints[2][0] (t)'],
    [[[0, Number.NaN, 0, 0]], 'breakpoints[0][1] (f(t))'],
    [[[0, 0, -Infinity, 0]], 'breakpoints[0][2] (f(t+))'],
    [[[0, 0, 0, Infinity]], 'breakpoints[0][3] (slope)'],
    [[[0, 0, 0]], 'breakpoints[0]'],
  ])('rejects malformed breakpoints %j with a CurveError naming %s', (rows, argument) => {
    let error: unknown;
    try {
      Curve.fromBreakpoints(rows as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CurveError);
    expect((error as CurveError).argument).toBe(argument);
    expect((error as CurveError).message).toContain(argument);
  });

  it('rejects malformed JSON with a CurveError', () => {
    expect(() => Curve.fromJSON('{"breakpoints": [[0, 0, "x", 0]]}')).toThrow(/json.breakpoints\[0\]\[2\].*"x"/);
    expect(() => Curve.fromJSON('not json')).toThrow(CurveError);
    expect(() => Curve.fromJSON('{"points": []}')).toThrow(/json.breakpoints/);
  });

  it('rejects NaN times in evaluation', () => {
    expect(() => f.at(Number.NaN)).toThrow(/t: expected a time/);
  });
});
