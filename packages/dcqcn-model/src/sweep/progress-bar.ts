/**
 * A sweep's progress on stderr: `kmax [#####.....] 120/1000 points, 2 failed, 15.3/s, ETA 57 s`,
 * rewritten in place on a terminal at most 4 times a second; one line every 10 s when stderr is a
 * file or a pipe (a cluster job's log). Lines written with `line` go above the bar.
 */
export class ProgressBar {
  private done = 0;
  private failed = 0;
  private last = 0;
  private readonly start = performance.now();
  private readonly tty: boolean;

  constructor(
    private readonly name: string,
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = stream.isTTY === true;
  }

  /** One point finished (failed or not). */
  tick(failed: boolean): void {
    this.done += 1;
    if (failed) this.failed += 1;
    const now = performance.now();
    if (this.done < this.total && now - this.last < (this.tty ? 250 : 10_000)) return;
    this.last = now;
    this.stream.write(this.tty ? `\r${this.text(now)}\x1b[K` : `${this.text(now)}\n`);
    if (this.tty && this.done === this.total) this.stream.write('\n');
  }

  /** A line above the bar (a failed point). */
  line(text: string): void {
    this.stream.write(this.tty ? `\r\x1b[K${text}\n` : `${text}\n`);
  }

  private text(now: number): string {
    const seconds = (now - this.start) / 1e3;
    const rate = this.done / Math.max(seconds, 1e-3);
    const eta = rate > 0 ? (this.total - this.done) / rate : Infinity;
    const width = 20;
    const filled = this.total === 0 ? width : Math.round((width * this.done) / this.total);
    return `  ${this.name} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total} points, ${this.failed} failed, ${rate.toFixed(rate < 10 ? 2 : 1)}/s, ${this.done === this.total ? `${duration(seconds)} in all` : `ETA ${duration(eta)}`}`;
  }
}

/** A duration in words: "57 s", "12 min 5 s", "3 h 20 min". */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '…';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}
