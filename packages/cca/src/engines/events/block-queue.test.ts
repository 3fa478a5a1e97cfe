import { describe, expect, it } from 'vitest';
import { runEvents } from './run-events.ts';
import { ns3IncastModel } from '../../examples.ts';
import { randomPacketModel } from '../../test-support/random-models.ts';
import { eventEngineSupport } from './support.ts';
import { everything } from '../../test-support/run-data.ts';
import type { PathServerModel } from '../../model.ts';

/** The random models block mode may cover: ECN left out (block mode does not mark yet), threshold PFC. */
function blockable(seed: number): PathServerModel | null {
  const m = randomPacketModel(seed);
  const model: PathServerModel = { ...m, ecn: undefined, pfc: m.pfc === undefined ? undefined : { ...m.pfc, resume: 'threshold' } };
  return eventEngineSupport(model) === null ? model : null;
}

// Block mode changes the cost of a run, never its result: with tiny thresholds (block mode from 3
// queued packets to 1) every run goes in and out of it many times, and must give, bit for bit,
// what the packet-by-packet run gives.
describe('block mode (BlockQueue) gives the packet-by-packet results', () => {
  it('on 150 random models of 2–8 senders with PFC or none, in and out of block mode at every chance', () => {
    let models = 0;
    let pauses = 0;
    let entries = 0;
    let closings = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const model = blockable(seed);
      if (model === null) continue;
      models += 1;
      const packets = runEvents(model, { blockMode: false });
      const blocks = runEvents(model, { blockMode: { enter: 3, low: 1 } });
      expect(everything(blocks), `seed ${seed}`).toEqual(everything(packets));
      pauses += packets.events.filter((e) => e.kind === 'pfc-pause').length;
      entries += blocks.stats.blocks ?? 0;
      if ((blocks.stats.blocks ?? 0) > 0) closings += blocks.events.filter((e) => e.kind === 'connection-closed').length;
    }
    // The comparison covers many models, PFC frames, entries into block mode and senders closing
    // in runs that used it (counts measured, 107, 466, 30 and 86, not a bound): block mode runs only
    // models whose CCAs nothing moves (no timers or byte counts), so a third of them.
    expect(models).toBeGreaterThan(100);
    expect(pauses).toBeGreaterThan(300);
    expect(entries).toBeGreaterThan(25);
    expect(closings).toBeGreaterThan(60);
  });

  it('on the incast with PFC (8 senders × 2,000 packets) to completion, at several thresholds', () => {
    const model = ns3IncastModel({ senders: 8, burst: 2000 * 1000, dcqcn: false, pfc: true, horizon: 1 });
    const packets = everything(runEvents(model, { untilComplete: true, blockMode: false }));
    for (const blockMode of [{ enter: 3, low: 1 }, { enter: 40, low: 10 }, { enter: 64, low: 16 }]) {
      expect(everything(runEvents(model, { untilComplete: true, blockMode }))).toEqual(packets);
    }
  });

  it('refuses thresholds that leave no room between entering and leaving', () => {
    const model = ns3IncastModel({ senders: 2, dcqcn: false, horizon: 1e-4 });
    expect(() => runEvents(model, { blockMode: { enter: 2, low: 1 } })).toThrow(/blockMode/);
  });
});

