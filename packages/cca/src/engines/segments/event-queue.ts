/**
 * A queue of timed events in simulator order: earliest time first, and among equal times the one
 * scheduled first (as ns-3's scheduler orders events of one instant). Times are integer ticks.
 * Each event carries a kind, a flow and one number. A binary heap over parallel typed arrays.
 * @example const q = new EventQueue(); q.push(5, 0, 1, 0); q.push(5, 1, 2, 0); q.pop(); q.kind // 0
 */
export class EventQueue {
  private times = new Float64Array(256);
  private order = new Float64Array(256);
  private kinds = new Int32Array(256);
  private flows = new Int32Array(256);
  private values = new Float64Array(256);
  private size = 0;
  private scheduled = 0;
  /** The event last popped. */
  time = 0;
  kind = 0;
  flow = 0;
  value = 0;

  get length(): number {
    return this.size;
  }

  /** The earliest event's time (+∞ when empty). */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.times[0];
  }

  push(time: number, kind: number, flow: number, value: number): void {
    if (this.size === this.times.length) this.grow();
    let i = this.size++;
    const order = this.scheduled++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(time, order, parent)) break;
      this.move(parent, i);
      i = parent;
    }
    this.set(i, time, order, kind, flow, value);
  }

  /** Removes the earliest event into `time`, `kind`, `flow` and `value`. */
  pop(): void {
    this.time = this.times[0];
    this.kind = this.kinds[0];
    this.flow = this.flows[0];
    this.value = this.values[0];
    const last = --this.size;
    if (last === 0) return;
    const t = this.times[last];
    const o = this.order[last];
    const k = this.kinds[last];
    const f = this.flows[last];
    const v = this.values[last];
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= last) break;
      const right = left + 1;
      const child = right < last && this.earlier(right, left) ? right : left;
      if (!this.before(this.times[child], this.order[child], i, t, o)) break;
      this.move(child, i);
      i = child;
    }
    this.set(i, t, o, k, f, v);
  }

  /** Whether (time, order) comes before slot j's event, or before (t, o) when given. */
  private before(time: number, order: number, j: number, t = this.times[j], o = this.order[j]): boolean {
    return time < t || (time === t && order < o);
  }

  private earlier(a: number, b: number): boolean {
    return this.before(this.times[a], this.order[a], b);
  }

  private move(from: number, to: number): void {
    this.set(to, this.times[from], this.order[from], this.kinds[from], this.flows[from], this.values[from]);
  }

  private set(i: number, time: number, order: number, kind: number, flow: number, value: number): void {
    this.times[i] = time;
    this.order[i] = order;
    this.kinds[i] = kind;
    this.flows[i] = flow;
    this.values[i] = value;
  }

  private grow(): void {
    const n = 2 * this.times.length;
    const grow64 = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.times = grow64(this.times);
    this.order = grow64(this.order);
    this.values = grow64(this.values);
    this.kinds = grow32(this.kinds);
    this.flows = grow32(this.flows);
  }
}
