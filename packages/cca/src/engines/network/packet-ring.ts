/**
 * A FIFO of packets (time, flow, first byte, a flag) in growable ring buffers: the packets in
 * flight on a link (arrival times in order, the delay being constant), or the packets in an egress
 * queue beside the port's own FIFO (the flag: marked upstream).
 * @example const r = new PacketRing(); r.push(1e-6, 0, 0, 1); r.headTime() // 1e-6
 */
export class PacketRing {
  private times = new Float64Array(64);
  private froms = new Float64Array(64);
  private flows = new Int32Array(64);
  private flags = new Uint8Array(64);
  private head = 0;
  private tail = 0;

  get length(): number {
    return this.tail - this.head;
  }

  push(time: number, flow: number, from: number, flag: number): void {
    if (this.tail - this.head === this.times.length) this.grow();
    const k = this.tail & (this.times.length - 1);
    this.times[k] = time;
    this.flows[k] = flow;
    this.froms[k] = from;
    this.flags[k] = flag;
    this.tail += 1;
  }

  /** The head packet's time (+∞ when empty). */
  headTime(): number {
    return this.head === this.tail ? Infinity : this.times[this.head & (this.times.length - 1)];
  }

  headFlow(): number {
    return this.flows[this.head & (this.times.length - 1)];
  }

  headFrom(): number {
    return this.froms[this.head & (this.times.length - 1)];
  }

  headFlag(): number {
    return this.flags[this.head & (this.times.length - 1)];
  }

  shift(): void {
    this.head += 1;
  }

  private grow(): void {
    const n = this.times.length;
    const times = new Float64Array(2 * n);
    const froms = new Float64Array(2 * n);
    const flows = new Int32Array(2 * n);
    const flags = new Uint8Array(2 * n);
    for (let k = this.head; k < this.tail; k++) {
      const from = k & (n - 1);
      const to = k & (2 * n - 1);
      times[to] = this.times[from];
      froms[to] = this.froms[from];
      flows[to] = this.flows[from];
      flags[to] = this.flags[from];
    }
    this.times = times;
    this.froms = froms;
    this.flows = flows;
    this.flags = flags;
  }
}
