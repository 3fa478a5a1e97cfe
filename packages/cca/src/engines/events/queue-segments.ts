/**
 * A FIFO port's queue as segments: each a run of one sender's consecutive packets, queued one after
 * the other, on one plan of that sender (its packet k reaching the port at t₀ + (k·I − b)/r, the
 * first of the segment at x₀, which may differ: the first of a plan, or a packet started by a
 * reaction). The constant-rate loop queues a stretch of a sender's packets as one segment and
 * transmits a segment's packets at once, so its cost goes with segments rather than packets; the
 * arrivals, each sender's packet starts and the queueing order are read back from the segments,
 * with the loop's own arithmetic, so to the bit.
 *
 * Capacity is fixed (at most one segment per packet), so the loop may hold the arrays in locals.
 * A segment names its plan by number (`newPlan`), 32 bytes a segment in all: the memory a run
 * writes first costs more than its arithmetic on this project's VM (BENCHMARKS.md).
 * @example
 * const q = new QueueSegments(10, 2);
 * const plan = q.newPlan(0, 0); // t₀ = 0 s, b = 0 bytes
 * q.add(0, 0, 3, 0, plan, 0);   // flow 0's packets 0–2 from t = 0, on that plan
 * q.arrival(0, 2, 1000, 1e9)    // 2e-6: t₀ + (2·1000 − 0)/10⁹
 */
export class QueueSegments {
  /** Each segment's sender, its first packet's index among the sender's, and how many packets. */
  readonly flow: Int32Array;
  readonly first: Int32Array;
  readonly count: Int32Array;
  /** Where its first packet is in the queueing order (0 for the first packet ever queued). */
  readonly position: Int32Array;
  /** The sender's next segment (−1: none yet). */
  readonly next: Int32Array;
  /** Its first packet's arrival (s), and the plan of the others (a number from `newPlan`). */
  readonly x0: Float64Array;
  readonly plan: Int32Array;
  /**
   * Each plan's t₀ (s) and b (bytes). Two typed arrays grown here, not a `Floats`: `arrival` reads
   * them for every packet transmitted, and the list's extra indirection cost A1 4 % of its warm
   * instructions (0.369 against 0.382–0.385·10⁹, callgrind).
   */
  private planT0 = new Float64Array(64);
  private planBase = new Float64Array(64);
  private plans = 0;
  /** Segments so far. */
  length = 0;
  /** Each sender's oldest segment with packets still queued (as far as `oldest` has walked), and its last. */
  private readonly oldestOf: Int32Array;
  private readonly lastOf: Int32Array;

  constructor(capacity: number, flows: number) {
    this.flow = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.count = new Int32Array(capacity);
    this.position = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.x0 = new Float64Array(capacity);
    this.plan = new Int32Array(capacity);
    this.oldestOf = new Int32Array(flows).fill(-1);
    this.lastOf = new Int32Array(flows).fill(-1);
  }

  /** A plan, its packet k arriving at t₀ + (k·I − b)/r (t₀ in s, b in bytes): returns its number. */
  newPlan(t0: number, base: number): number {
    if (this.plans === this.planT0.length) {
      const t = new Float64Array(2 * this.plans);
      const b = new Float64Array(2 * this.plans);
      t.set(this.planT0);
      b.set(this.planBase);
      this.planT0 = t;
      this.planBase = b;
    }
    this.planT0[this.plans] = t0;
    this.planBase[this.plans] = base;
    return this.plans++;
  }

  /** Queues `count` packets of sender j from its k-th, the first at x₀, on plan `plan`, at queue position p; returns the segment. */
  add(j: number, k: number, count: number, x0: number, plan: number, p: number): number {
    const s = this.length++;
    this.flow[s] = j;
    this.first[s] = k;
    this.count[s] = count;
    this.position[s] = p;
    this.next[s] = -1;
    this.x0[s] = x0;
    this.plan[s] = plan;
    const last = this.lastOf[j];
    if (last >= 0) this.next[last] = s;
    else this.oldestOf[j] = s;
    this.lastOf[j] = s;
    return s;
  }

  /**
   * Queues sender j's packet k on plan `plan`, whose arrival is the plan's: the last segment grows
   * when it holds the sender's packet k − 1 on that plan, else a segment of its own starts (at x₀,
   * position p).
   */
  addOnPlan(j: number, k: number, x0: number, plan: number, p: number): void {
    const s = this.length - 1;
    if (s >= 0 && this.flow[s] === j && this.first[s] + this.count[s] === k && this.plan[s] === plan) this.count[s] += 1;
    else this.add(j, k, 1, x0, plan, p);
  }

  /** The arrival (s) of the i-th packet of segment s, I bytes each at the sender's rate r: the one definition of it, which the loop and `expand` use. */
  arrival(s: number, i: number, I: number, r: number): number {
    if (i === 0) return this.x0[s];
    const plan = this.plan[s];
    return this.planT0[plan] + ((this.first[s] + i) * I - this.planBase[plan]) / r;
  }

  /**
   * The queue position of sender j's packet k: a packet still queued, and k at least the k of any
   * earlier call for j (the walk from the sender's oldest segment only moves forward).
   */
  positionOf(j: number, k: number): number {
    let s = this.oldestOf[j];
    while (k >= this.first[s] + this.count[s]) s = this.next[s];
    this.oldestOf[j] = s;
    return this.position[s] + (k - this.first[s]);
  }

  /**
   * Every queued packet's arrival written into `starts` (sender j's packet k at `offset[j] + k`) and
   * its sender into `order` (by queue position), from the segments, by `arrival`.
   */
  expand(I: number, rate: Float64Array, offset: Int32Array, starts: Float64Array, order: Int32Array): void {
    for (let s = 0; s < this.length; s++) {
      const j = this.flow[s];
      const at = offset[j] + this.first[s];
      const p = this.position[s];
      const r = rate[j];
      for (let i = 0; i < this.count[s]; i++) {
        starts[at + i] = this.arrival(s, i, I, r);
        order[p + i] = j;
      }
    }
  }
}
