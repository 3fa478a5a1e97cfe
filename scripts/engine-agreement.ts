/**
 * The event engine against the curve engine on random small whole-packet models (the CI test runs
 * a sample of these): every event (kind, sender, instant), every notification and the backlog at
 * every breakpoint. Usage: npx tsx scripts/engine-agreement.ts [count = 200] [first seed = 1]
 */
import { eventEngineSupport, runEvents, runPathServer } from '@ccalc/cca';
import { randomPacketModel } from '../packages/cca/src/test-support/random-models.ts';
import { agrees, engineAgreement } from '../packages/cca/src/test-support/engine-agreement.ts';

const count = Number(process.argv[2] ?? 200);
const first = Number(process.argv[3] ?? 1);
let failed = 0;
let skipped = 0;
let worstTime = 0;
let worstBacklog = 0;
let events = 0;
for (let seed = first; seed < first + count; seed++) {
  const model = randomPacketModel(seed);
  if (eventEngineSupport(model) !== null) {
    skipped += 1;
    continue;
  }
  try {
    const a = engineAgreement(runEvents(model), runPathServer(model));
    events += a.events[1];
    worstTime = Math.max(worstTime, a.worstEventTime, a.worstNotificationTime);
    worstBacklog = Math.max(worstBacklog, a.worstBacklog);
    const bad = !agrees(a, 1e-3);
    if (bad) {
      failed += 1;
      console.log(`seed ${seed}: ${a.mismatches.slice(0, 3).join('; ')} notifications ${a.notificationMismatches} off, events ${a.events.join(' vs ')}, time ${a.worstEventTime}, backlog ${a.worstBacklog}`);
    }
  } catch (e) {
    failed += 1;
    console.log(`seed ${seed}: ${(e as Error).message}`);
  }
  if ((seed - first + 1) % 25 === 0) process.stderr.write(`  ${seed - first + 1} / ${count} models\n`);
}
console.log(`${count - skipped - failed} of ${count - skipped} models agree (${events} events; ${skipped} more with continuous sources, which the event engine leaves to the curve engine); worst instant ${worstTime.toExponential(2)} s, worst backlog ${worstBacklog.toExponential(2)} B`);
process.exitCode = failed > 0 ? 1 : 0;
