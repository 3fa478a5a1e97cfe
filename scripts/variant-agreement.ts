/**
 * The event engine against the curve engine on random variants of the simulator's incast as a user
 * would write them (`incastVariant`: `scenarios/ns3-31-dcqcn.json` with other sender counts, sizes,
 * starts, DCQCN variants and periods, RED, notification gaps, PFC thresholds and rules): every event
 * (kind, sender, instant within 1e-12 s), every notification and the backlog at every breakpoint
 * (within 0.0125 B), as `scripts/engine-agreement.ts` compares the small random models.
 * `test/event-engine-whole-runs.test.ts` runs a sample.
 * Usage: npx tsx scripts/variant-agreement.ts [count = 100] [first seed = 1]; exits 1 if any differ.
 */
import { readFileSync } from 'node:fs';
import { runEvents, runPathServer } from '@ccalc/cca';
import { agrees, engineAgreement } from '../packages/cca/src/test-support/engine-agreement.ts';
import { prepareScenario } from '../packages/dcqcn-model/src/scenario/scenario.ts';
import { incastVariant } from '../packages/dcqcn-model/src/test-support/incast-variants.ts';

const count = Number(process.argv[2] ?? 100);
const first = Number(process.argv[3] ?? 1);
if (!(Number.isInteger(count) && count > 0 && Number.isInteger(first))) {
  console.error('usage: npx tsx scripts/variant-agreement.ts [count ≥ 1] [first seed]');
  process.exit(2);
}
const base = JSON.parse(readFileSync(new URL('../scenarios/ns3-31-dcqcn.json', import.meta.url), 'utf8'));

let failed = 0;
let events = 0;
let worstTime = 0;
let worstBacklog = 0;
for (let seed = first; seed < first + count; seed++) {
  const { json, horizon, label } = incastVariant(base, seed);
  try {
    const model = (await prepareScenario(json, String(json.name), 'scenarios')).model(horizon);
    const a = engineAgreement(runEvents(model), runPathServer(model));
    events += a.events[1];
    worstTime = Math.max(worstTime, a.worstEventTime, a.worstNotificationTime);
    worstBacklog = Math.max(worstBacklog, a.worstBacklog);
    if (!agrees(a, 0.0125)) {
      failed += 1;
      console.log(`seed ${seed} (${label}): ${a.mismatches.slice(0, 2).join('; ')} notifications ${a.notificationMismatches} off, events ${a.events.join(' vs ')}, time ${a.worstEventTime}, backlog ${a.worstBacklog}`);
    }
  } catch (e) {
    failed += 1;
    console.log(`seed ${seed} (${label}): ${(e as Error).message}`);
  }
  if ((seed - first + 1) % 10 === 0) process.stderr.write(`  ${seed - first + 1} / ${count} variants\n`);
}
console.log(`${count - failed} of ${count} variants agree (${events} events); worst instant ${worstTime.toExponential(2)} s, worst backlog ${worstBacklog.toExponential(2)} B`);
process.exitCode = failed > 0 ? 1 : 0;
