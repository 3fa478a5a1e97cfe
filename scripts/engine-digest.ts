/**
 * A digest of everything an engine computes for a case: every flow's events in its order (time,
 * kind and the state after it), every notification (flow, mark, send and arrival times), every flow's sent and
 * delivered curves and state series, and the backlog. A change meant to leave results alone (a
 * speed-up, a refactor) must leave the digest unchanged, bit for bit.
 * Usage: npx tsx scripts/engine-digest.ts <case> [--engine curves|events] [--horizon s]
 *   case: A1, A2, A3 (the simulator's incast: PFC only, DCQCN + PFC, DCQCN without PFC, to the
 *   whole run), random (the first 120 random whole-packet models of the agreement test, one digest
 *   for all), hosts (scenarios/overlapping-bursts.json's model: 16 hosts of 8 connections).
 * The event engine runs the incast to completion; the curve engine to 31 ms.
 */
import { createHash, type Hash } from 'node:crypto';
import { type EngineResult, type PathServerModel, eventEngineSupport, ns3IncastModel, runEvents, runPathServer } from '@ccalc/cca';
import type { Curve } from '@ccalc/curves';
import { randomPacketModel } from '../packages/cca/src/test-support/random-models.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const k = args.indexOf(name);
  return k < 0 ? undefined : args[k + 1];
};
const label = args[0];
const engine = option('--engine') ?? 'events';
const incast: Record<string, { dcqcn: boolean; pfc: boolean }> = { A1: { dcqcn: false, pfc: true }, A2: { dcqcn: true, pfc: true }, A3: { dcqcn: true, pfc: false } };
if (!(label in incast) && label !== 'random' && label !== 'hosts') {
  console.error('usage: engine-digest.ts A1|A2|A3|random|hosts [--engine curves|events] [--horizon s]');
  process.exit(2);
}
if (engine !== 'curves' && engine !== 'events') {
  console.error(`engine-digest.ts: --engine: expected curves or events, got ${engine}`);
  process.exit(2);
}
const horizon = option('--horizon') === undefined ? undefined : Number(option('--horizon'));
if (horizon !== undefined && !(horizon > 0)) {
  console.error(`engine-digest.ts: --horizon: expected a duration in seconds > 0, got ${option('--horizon')}`);
  process.exit(2);
}

const run = (model: PathServerModel): EngineResult => (engine === 'events' ? runEvents(model, { untilComplete: horizon === undefined }) : runPathServer(model));

const curve = (h: Hash, c: Curve): void => {
  h.update(`${c.t.join(',')}|${c.v.join(',')}|${c.r.join(',')}|${c.s.join(',')};`);
};
const digest = (h: Hash, r: EngineResult): void => {
  h.update(`${r.horizon};`);
  // Each flow's events in its order (how flows interleave at one instant is not a result).
  const perFlow = r.flows.map(() => [] as string[]);
  for (const e of r.events) perFlow[e.flow].push(`${e.time},${e.kind},${JSON.stringify(e.after)};`);
  for (const rows of perFlow) h.update(rows.join(''));
  for (const n of r.notifications) h.update(`${n.flow},${n.marked},${n.sent},${n.arrives};`);
  for (const f of r.flows) {
    curve(h, f.sent);
    curve(h, f.delivered);
    h.update(JSON.stringify(f.state));
  }
  curve(h, r.backlog);
};

const models = async (): Promise<PathServerModel[]> => {
  if (label in incast) return [ns3IncastModel({ ...incast[label], horizon: horizon ?? (engine === 'events' ? 2 : 31e-3) })];
  if (label === 'random') return Array.from({ length: 120 }, (_, k) => randomPacketModel(k + 1)).filter((m) => engine === 'curves' || eventEngineSupport(m) === null);
  const { loadScenarioFile } = await import('../packages/dcqcn-model/src/scenario/scenario.ts');
  const scenario = await loadScenarioFile('scenarios/overlapping-bursts.json');
  return [scenario.model(horizon ?? scenario.horizon)];
};

const h = createHash('sha256');
let events = 0;
const t0 = performance.now();
for (const m of await models()) {
  const r = run(m);
  events += r.events.length;
  digest(h, r);
}
const ms = performance.now() - t0;
console.log(`${label} (${engine} engine): digest ${h.digest('hex').slice(0, 16)}  (${events} events, ${ms.toFixed(0)} ms)`);
