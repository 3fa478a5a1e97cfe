/** The storage of a queue before its first push. */
const EMPTY = new Float64Array(0);
/** Arrival times handed out by `times` (shared: valid until its next call). */
let scratch = new Float64Array(64);

/**
 * The notifications on their way to one sender, in arrival order: each one's arrival time (s), the
 * first byte of the packet whose mark it answers (B), and a QCN congestion point's feedback (NaN
 * for an ECN notification).
 *
 * Each time and first byte sit side by side in one typed array; the feedback gets an array of its
 * own only once some notification carries one. With many senders each notification lands in
 * another sender's queue, and every array it writes to is a cache miss: at 10,000 senders three
 * separate lists cost about 170 ns a notification (issue 14).
 * @example const q = new NotificationQueue(); q.push(2e-6, 1000, NaN); q.time(0) // 2e-6
 */
export class NotificationQueue {
  /** time, first byte; time, first byte; … */
  private pairs: Float64Array = EMPTY;
  private feedbacks: Float64Array | null = null;
  /** How many notifications it holds. */
  length = 0;

  /** Adds a notification arriving at `time` (s) for the packet whose first byte is `from`, with `feedback` (NaN for none). */
  push(time: number, from: number, feedback: number): void {
    const k = this.length;
    if (2 * k === this.pairs.length) this.grow();
    this.pairs[2 * k] = time;
    this.pairs[2 * k + 1] = from;
    if (this.feedbacks === null && !Number.isNaN(feedback)) this.feedbacks = new Float64Array(this.pairs.length / 2).fill(Number.NaN);
    if (this.feedbacks !== null) this.feedbacks[k] = feedback;
    this.length = k + 1;
  }

  /** Doubles the room (64 notifications at the first push: every queue's first push grows, so V8 knows this branch before it compiles `push`). */
  private grow(): void {
    const pairs = new Float64Array(Math.max(2 * this.pairs.length, 128));
    pairs.set(this.pairs);
    this.pairs = pairs;
    if (this.feedbacks !== null) {
      const feedbacks = new Float64Array(pairs.length / 2).fill(Number.NaN);
      feedbacks.set(this.feedbacks);
      this.feedbacks = feedbacks;
    }
  }

  /** Notification k's arrival time (s). */
  time(k: number): number {
    return this.pairs[2 * k];
  }

  /** The first byte of the packet whose mark notification k answers (B). */
  from(k: number): number {
    return this.pairs[2 * k + 1];
  }

  /** Notification k's QCN feedback (NaN for none). */
  feedback(k: number): number {
    return this.feedbacks === null ? Number.NaN : this.feedbacks[k];
  }

  /** The arrival times of notifications [from, to), at [0, to − from) of an array shared by all queues (valid until the next call). */
  times(from: number, to: number): Float64Array {
    if (scratch.length < to - from) scratch = new Float64Array(2 * (to - from));
    for (let k = from; k < to; k++) scratch[k - from] = this.pairs[2 * k];
    return scratch;
  }

  /** Removes the first `count` notifications (the rest move to the front). */
  dropFirst(count: number): void {
    this.pairs.copyWithin(0, 2 * count, 2 * this.length);
    this.feedbacks?.copyWithin(0, count, this.length);
    this.length -= count;
  }
}
