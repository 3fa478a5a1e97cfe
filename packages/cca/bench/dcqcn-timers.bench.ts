/**
 * What one DCQCN (ns3-mlx) sender's timers cost when nothing else happens to it, as for a sender
 * paused by PFC: its own `onTimer`, called in a loop (a new state object per timer), with no
 * engine, heap or log around it. 10,000 senders × 1 MB (issue 14) have about 4.6·10⁸ such timers,
 * so this is the floor of any design that still steps them one by one through the CCA.
 * Run: `npx tsx packages/cca/bench/dcqcn-timers.bench.ts` (figures on stdout).
 */
import os from 'node:os';
import { dcqcnNs3Mlx, type SignalView } from '../src/index.ts';

const cca = dcqcnNs3Mlx({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });
const timers = 3_000_000;
// ns3-mlx reads only the time of the signals it is given.
const at = (now: number): SignalView => ({ now }) as SignalView;
const perTimer: number[] = [];
for (let round = 0; round < 5; round++) {
  // Two CNPs arm the timers and start a cut; then only timers, each at its own instant.
  let state = cca.onNotification!(cca.onNotification!(cca.initial(), at(0)).state, at(1e-6)).state;
  const signals = { now: 0 };
  const view = signals as unknown as SignalView;
  let kinds = 0;
  const t0 = performance.now();
  for (let k = 0; k < timers; k++) {
    signals.now = cca.nextTimer(state);
    const reaction = cca.onTimer(state, view);
    state = reaction.state;
    kinds += reaction.kind.length;
  }
  perTimer.push(((performance.now() - t0) * 1e6) / timers);
  if (kinds === 0) throw new Error('no timer ran');
}
const sorted = [...perTimer].sort((a, b) => a - b);
console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
console.log(`ns3-mlx onTimer, ${timers.toLocaleString('en')} timers a round, 5 rounds: ${perTimer.map((x) => x.toFixed(1)).join(', ')} ns per timer (median ${sorted[2].toFixed(1)})`);
console.log(`4.6e8 timers (10,000 senders × 1 MB) at the median: ${((4.6e8 * sorted[2]) / 1e9).toFixed(1)} s`);
