/**
 * Plants bugs one at a time in a copy-free way (edit, test, restore) and reports which the tests
 * catch: a bug is caught when the tests named for it fail. The list holds the bugs issue 23 planted
 * (a doubled DCQCN α gain, a steeper RED slope, a dequeue marker that counts the departing packet,
 * an increase timer not restarted after a cut), bugs in the trace-reference variant and its export
 * (issue 23's exporter item), and others of the same kind. Every one must be caught.
 * Usage: npx tsx scripts/mutation-check.ts [name filter]   (a few minutes; restores every file)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Mutation {
  name: string;
  file: string;
  from: string;
  to: string;
}

const root = join(import.meta.dirname, '..');
const mlx = 'packages/cca/src/ccas/dcqcn/ns3-mlx.ts';
const reference = 'packages/cca/src/ccas/dcqcn/trace-reference.ts';
const mutations: Mutation[] = [
  { name: 'ns3-mlx: α gain g doubled', file: mlx, from: 'm.alpha = m.cnpSinceAlpha ? (1 - p.g) * m.alpha + p.g : (1 - p.g) * m.alpha;', to: 'm.alpha = m.cnpSinceAlpha ? (1 - 2 * p.g) * m.alpha + 2 * p.g : (1 - 2 * p.g) * m.alpha;' },
  { name: 'ns3-mlx: α update as if a CNP came in every period', file: mlx, from: 'm.alpha = m.cnpSinceAlpha ? (1 - p.g) * m.alpha + p.g : (1 - p.g) * m.alpha;', to: 'm.alpha = (1 - p.g) * m.alpha + p.g;' },
  { name: 'ns3-mlx: increase timer not restarted after a cut', file: mlx, from: 'm.nextIncrease = now + p.increasePeriod;', to: '' },
  { name: 'ns3-mlx: cut by α/4 instead of α/2', file: mlx, from: 'm.rc * (1 - m.alpha / 2)', to: 'm.rc * (1 - m.alpha / 4)' },
  { name: 'ns3-mlx: no R_T clamp before a cut', file: mlx, from: 'if (p.clampTargetRate) m.rt = m.rc;', to: '' },
  { name: 'ns3-mlx: additive stage one late (F + 1)', file: mlx, from: 'if (m.stage === F) {', to: 'if (m.stage === F + 1) {' },
  { name: 'ns3-mlx: no minimum rate', file: mlx, from: 'Math.max(p.minRate, m.rc * (1 - m.alpha / 2))', to: 'm.rc * (1 - m.alpha / 2)' },
  { name: 'trace-reference: α gain g doubled at a cut', file: reference, from: 'const alpha = g + mulDivFloor(PPB - g, s.alpha, PPB);', to: 'const alpha = 2 * g + mulDivFloor(PPB - 2 * g, s.alpha, PPB);' },
  { name: 'trace-reference: cut by α/4 instead of α/2', file: reference, from: 'mulDivFloor(s.rate, 2 * PPB - s.alpha, 2 * PPB)', to: 'mulDivFloor(s.rate, 4 * PPB - s.alpha, 4 * PPB)' },
  { name: 'trace-reference: CNPs inside the source gate cut too', file: reference, from: 'if (now - s.lastDecrease < cnpInterval)', to: 'if (now - s.lastDecrease < 0)' },
  { name: "trace-reference export: the reference's snapshots instead of the sender's", file: 'packages/dcqcn-model/src/check-trace/writer.ts', from: 'if (e.state !== undefined) return { ...base, ...e.state };', to: '' },
  { name: 'RED: marking slope × 1.1', file: 'packages/cca/src/ecn.ts', from: 'return (config.pMax ?? 0) * ((x - config.kMin) / (config.kMax - config.kMin));', to: 'return 1.1 * (config.pMax ?? 0) * ((x - config.kMin) / (config.kMax - config.kMin));' },
  { name: 'RED: marking slope × 1.5', file: 'packages/cca/src/ecn.ts', from: 'return (config.pMax ?? 0) * ((x - config.kMin) / (config.kMax - config.kMin));', to: 'return 1.5 * (config.pMax ?? 0) * ((x - config.kMin) / (config.kMax - config.kMin));' },
  { name: 'curve engine: the dequeue marker counts the departing packet', file: 'packages/cca/src/ecn.ts', from: 'total.rightLimit(time) - left.at(time) - size', to: 'total.rightLimit(time) - left.at(time)' },
  { name: 'event engine: the dequeue marker counts the departing packet', file: 'packages/cca/src/engines/events/fifo-port.ts', from: 'this.decide(flow, time, from, this.queued * this.packet);', to: 'this.decide(flow, time, from, (this.queued + 1) * this.packet);' },
  { name: 'event engine: simultaneous packets in port order only', file: 'packages/cca/src/engines/events/arrivals.ts', from: 'if (!(compareTies(key, ingressOf[f], -senders[flows[b]].trainStart, ingressOf[flows[b]]) < 0)) break;', to: 'if (!(f < flows[b])) break;' },
  { name: 'block mode: RESUME one packet late', file: 'packages/cca/src/engines/events/block-queue.ts', from: 'if (arrived - k - 1 <= this.resumeAtMost) {', to: 'if (arrived - k <= this.resumeAtMost) {' },
  { name: 'block mode: PAUSE checked from one packet late', file: 'packages/cca/src/engines/events/block-queue.ts', from: 'this.pauseFrom[j] = Math.max(this.pauseFrom[j], this.pauseAbove + dequeued);', to: 'this.pauseFrom[j] = Math.max(this.pauseFrom[j], this.pauseAbove + dequeued + 1);' },
  { name: "quiet timers: run at the next reaction's instant, not their own", file: 'packages/cca/src/engines/events/sender.ts', from: 'const at = this.nextTimer;', to: 'const at = t;' },
  { name: 'ns3-mlx: a decrease check that finds a CNP called quiet', file: mlx, from: 'nextLimitTimer: (s) => Math.min(s.nextIncrease, s.cnpSinceDecrease ? s.nextDecrease : Infinity),', to: 'nextLimitTimer: (s) => s.nextIncrease,' },
  { name: 'incast: CNP delay 3.0 µs instead of 3.09344 µs', file: 'packages/cca/src/examples.ts', from: 'markToSender: 3093.44e-9,', to: 'markToSender: 3000e-9,' },
  { name: 'event engine: a lone sender never closes (its timers run on)', file: 'packages/cca/src/engines/events/run-events.ts', from: 'if (senders[f].closeIfLast(port.dequeued[f], d, T)) heap.set(f, keyOf(senders[f]));', to: 'if (nicOf[f] !== null && senders[f].closeIfLast(port.dequeued[f], d, T)) heap.set(f, keyOf(senders[f]));' },
  { name: 'event engine: a sender closes ΔR after its last packet starts, not after it ends', file: 'packages/cca/src/engines/events/sender.ts', from: 'this.closeAt(lastStart + T + this.ackDelay);', to: 'this.closeAt(lastStart + this.ackDelay);' },
  { name: 'event engine: many simultaneous packets sorted latest train last', file: 'packages/cca/src/engines/events/arrivals.ts', from: 'compareTies(keys[a], ports[a], keys[b], ports[b])', to: 'compareTies(keys[b], ports[a], keys[a], ports[b])' },
  { name: 'curve engine: a fluid host does not share its NIC (each connection alone)', file: 'packages/cca/src/engine.ts', from: 'local = nicRates[g] > 0 ? sharedNic', to: 'local = nicRates[g] < 0 ? sharedNic' },
  { name: "curve engine: a host's PFC frame reaches its first connection only", file: 'packages/cca/src/engine.ts', from: 'const members = ports.members[frame.flow];', to: 'const members = [ports.members[frame.flow][0]];' },
  { name: 'fluid NIC: a connection with nothing waiting asks for its whole limit', file: 'packages/cca/src/fluid-nic.ts', from: 'demand[i] = backlog[i] > margin ? rate : Math.min(rate, R.s[segment[i]]);', to: 'demand[i] = rate;' },
  { name: 'curve engine: a run until complete ends 1 µs late', file: 'packages/cca/src/engine.ts', from: 'complete = Math.max(', to: 'complete = 1e-6 + Math.max(' },
  { name: 'outputs from packets: a packet within 1 ps of a bin edge counted before it', file: 'packages/cca/src/packet-record.ts', from: 'times[this.arrived] < horizon && !close(times[this.arrived], x)) {', to: 'times[this.arrived] < horizon) {' },
  { name: 'outputs from packets: a flow complete when its last run starts', file: 'packages/cca/src/packet-record.ts', from: 'const x = run.start + (level - run.level) / rate;', to: 'const x = run.start;' },
  { name: 'backlog from packets: the departures held at their last breakpoint', file: 'packages/cca/src/packet-backlog.ts', from: 'const gv = this.onD ? this.dV : this.dV + this.dS * (this.t - this.dT);', to: 'const gv = this.dV;' },
  { name: 'backlog figures: a sample inside a segment read as its start', file: 'packages/dcqcn-model/src/backlog-figures.ts', from: 'return close(tn, x) ? vn : rp + sp * (x - tp);', to: 'return close(tn, x) ? vn : rp;' },
  { name: 'backlog figures: the clearing searched from the last breakpoint that raised the peak', file: 'packages/dcqcn-model/src/backlog-figures.ts', from: 'const first = candidates.find((c) => c.best >= reached);', to: 'const first = candidates.at(-1);' },
  { name: 'quiet notifications: quiet whatever timer comes first', file: 'packages/cca/src/engines/events/sender.ts', from: 'return this.lazyReactions && t <= this.nextTimer && ', to: 'return this.lazyReactions && ' },
  { name: 'quiet notifications: also in a run with hosts sharing a NIC', file: 'packages/cca/src/engines/events/run-events.ts', from: 'if (nicList.length === 0) for (const s of senders) s.lazyReactions = true;', to: 'for (const s of senders) s.lazyReactions = true;' },
  { name: 'quiet notifications: still quiet after the state changes', file: 'packages/cca/src/engines/events/sender.ts', from: '    this.quietEnd = this.cnpHead;\n    const oldRate', to: '    const oldRate' },
  { name: 'event log: late rows of one instant in reverse log order', file: 'packages/cca/src/engines/events/event-log.ts', from: 'late.sort((a, b) => times.at(a) - times.at(b) || a - b);', to: 'late.sort((a, b) => times.at(a) - times.at(b) || b - a);' },
  { name: 'event log: a late row put before an in-order row of the same time', file: 'packages/cca/src/engines/events/event-log.ts', from: 'if (times.at(a) <= times.at(b)) {', to: 'if (times.at(a) < times.at(b)) {' },
  { name: 'event log: a state whose first quantity is the previous state’s taken for it', file: 'packages/cca/src/engines/events/event-log.ts', from: 'if (k === keys.length) return previous;', to: 'if (k >= 1) return previous;' },
  { name: "event log: the flows' rows at one instant merged in flow order, not log order", file: 'packages/cca/src/engines/events/event-log.ts', from: 'return ta < tb || (ta === tb && ra < rb);', to: 'return ta < tb || (ta === tb && a < b);' },
  { name: 'event table: rows logged late read as logged (times only)', file: 'packages/cca/src/engines/events/event-log.ts', from: 'time: (q) => times.at(order[q]),', to: 'time: (q) => times.at(q),' },
  { name: 'events.csv bytes: trailing zeros of a fraction kept', file: 'packages/dcqcn-model/src/csv-bytes.ts', from: 'while (fraction === 10 * tenth) {', to: 'while (fraction === 10 * tenth && places > decimals) {' },
  { name: 'events.csv: the flow-complete rows all at the end', file: 'packages/dcqcn-model/src/output.ts', from: 'for (; c < completed.length && completed[c].time < time; c++) flowComplete(completed[c]);', to: 'for (; c < completed.length && completed[c].time < 0; c++) flowComplete(completed[c]);' },
  { name: 'events.csv: the state before the event in its details', file: 'packages/dcqcn-model/src/output.ts', from: 'row(time, table.flow(k), table.kind(k), table.after(k));', to: 'row(time, table.flow(k), table.kind(k), table.before(k));' },
  { name: 'advanceTimers: the timer at `until` due when not inclusive (timerDue)', file: 'packages/cca/src/cca.ts', from: 'return at < until || (inclusive && at === until);', to: 'return at <= until;' },
  { name: 'timer runs: a paused sender with a packet in progress called rate-blind', file: 'packages/cca/src/engines/events/sender.ts', from: ' && admitsNothing(this.plan);', to: ';' },
  { name: 'timer runs: a replayed state not registered (the one before kept)', file: 'packages/cca/src/engines/events/event-log.ts', from: 'const next = reaction.state === state ? index : this.state(flow, reaction.state, index);', to: 'const next = index;' },
  { name: "timer runs: another row of the flow does not end its open run (later timers join it)", file: 'packages/cca/src/engines/events/sender.ts', from: '  private logged(): void {\n    this.openRun = -1;\n', to: '  private logged(): void {\n' },
  { name: 'timer runs: a row after timers logged in a run refers to the state before them', file: 'packages/cca/src/engines/events/sender.ts', from: '    if (this.stale) {', to: '    if (false) {' },
  { name: 'state packing: ns3-mlx unpacks cnpSinceAlpha as false', file: mlx, from: 'cnpSinceAlpha: src[at + 5] === 1,', to: 'cnpSinceAlpha: false,' },
  { name: 'state packing: rate AIMD packs the next increase as the rate', file: 'packages/cca/src/ccas/aimd-rate.ts', from: 'out[at + 1] = s.nextIncrease;', to: 'out[at + 1] = s.rate;' },
  { name: 'timer runs: a packed start state read from the next run', file: 'packages/cca/src/engines/events/event-log.ts', from: 'scratch[k] = this.packedStarts.at((start as number) + k);', to: 'scratch[k] = this.packedStarts.at((start as number) + packing.size + k);' },
  { name: "quiet notifications: a one-row notification read with the CCA's row first", file: 'packages/cca/src/engines/events/event-log.ts', from: 'kinds.push(r === 0 ? cnp : this.after.at(k));', to: 'kinds.push(r === 1 ? cnp : this.after.at(k));' },
  { name: "quiet notifications: one at a PFC frame's instant logged before the frame", file: 'packages/cca/src/engines/events/sender.ts', from: ' || this.arrivalChange === at || frame === at));', to: ' || this.arrivalChange === at));' },
  { name: "notifications in runs: a rate-blind sender's timers not run before each notification", file: 'packages/cca/src/engines/events/sender.ts', from: 'const timers = cca.advanceTimers!(state, time, false);', to: 'const timers = cca.advanceTimers!(state, -Infinity, false);' },
  { name: "notifications in runs: a notification's first row read as the CCA's", file: 'packages/cca/src/engines/events/event-log.ts', from: '          kinds.push(cnp);\n          before.push(index);', to: '          kinds.push(this.kindOf(reaction.kind));\n          before.push(index);' },
  { name: 'notifications in runs: one at the instant of the frame that resumes its sender run before the frame', file: 'packages/cca/src/engines/events/sender.ts', from: 'if (this.notesWait) this.catchUpNotes(at, false);', to: 'if (this.notesWait) this.catchUpNotes(at, true);' },
  { name: 'notifications in runs: one more dropped from a rate-blind sender’s queue than it ran', file: 'packages/cca/src/engines/events/sender.ts', from: 'this.cnpTimes.dropFirst(handled);', to: 'this.cnpTimes.dropFirst(handled + 1);' },
  { name: 'notification log: every notification read as sent at its mark', file: 'packages/cca/src/engines/events/event-log.ts', from: 'const sent = this.sent === null ? this.marked.at(k) : this.sent.at(k);', to: 'const sent = this.marked.at(k);' },
  { name: "event figures: a held notification's cut judged against the run's start", file: 'packages/cca/src/engines/events/event-log.ts', from: 'lowersLimit(cca.describe(state), cca.describe(reaction.state))', to: 'lowersLimit(cca.describe(this.runStart(run, cca)), cca.describe(reaction.state))' },
  { name: 'ns3-mlx: advanceTimers calls a kept rate a cut', file: mlx, from: 'visit(at, kind, next, next.rc < rate);', to: 'visit(at, kind, next, next.rc <= rate);' },
  { name: "event figures: a run's timers at a held notification's instant counted before it", file: 'packages/cca/src/engines/events/event-log.ts', from: 'cca.advanceTimers!(state, until, note >= notesEnd, timers, visit);', to: 'cca.advanceTimers!(state, until, true, timers, visit);' },
  { name: 'ns3-mlx: advanceTimers runs one timer past its cap', file: mlx, from: 'while (count < most) {', to: 'while (count <= most) {' },
  { name: 'rate AIMD: advanceTimers visits the kind of the other branch', file: 'packages/cca/src/ccas/aimd-rate.ts', from: 'visit(last, timerKind(congested),', to: 'visit(last, timerKind(!congested),' },
  { name: 'event figures: a quiet notification counted as its CCA row only', file: 'packages/cca/src/engines/events/event-log.ts', from: "        counter.add(time, flow, 'cnp', false);\n", to: '' },
  { name: 'curve engine: notifications still reach a closed sender', file: 'packages/cca/src/engine.ts', from: "for (const x of made.signals) if (!(x.kind === 'notification' && x.time >= flows[x.flow].closedAt)) pending.push(x);", to: 'for (const x of made.signals) pending.push(x);' },
];

const tests = [
  'test/a2-dcqcn-whole-run.test.ts',
  'test/a2-fidelity.test.ts',
  'packages/cca/src/ccas/dcqcn',
  'packages/cca/src/ccas/advance-timers.test.ts',
  'packages/cca/src/ccas/state-packing.test.ts',
  'packages/cca/src/ecn-marking.test.ts',
  'packages/cca/src/signals.test.ts',
  'packages/cca/src/engines/events',
  'packages/cca/src/packet-record.test.ts',
  'packages/cca/src/packet-backlog.test.ts',
  'packages/cca/src/fluid-nic.test.ts',
  'packages/cca/src/fluid-hosts.test.ts',
  'packages/dcqcn-model/src/check-trace/export.test.ts',
  'packages/cca/src/event-table.test.ts',
  'packages/cca/src/event-figures.test.ts',
  'packages/dcqcn-model/src/csv-bytes.test.ts',
  'packages/dcqcn-model/src/output.test.ts',
  'packages/dcqcn-model/src/backlog-figures.test.ts',
  'test/quiet-notifications-hosts.test.ts',
];

const filter = process.argv[2];
const rows: string[] = [];
let missed = 0;
for (const m of mutations.filter((x) => filter === undefined || x.name.includes(filter))) {
  const path = join(root, m.file);
  const original = readFileSync(path, 'utf8');
  if (original.split(m.from).length !== 2) throw new Error(`${m.name}: "${m.from}" must occur once in ${m.file}`);
  writeFileSync(path, original.replace(m.from, m.to));
  process.stderr.write(`  ${m.name} …\n`);
  try {
    const t0 = performance.now();
    const r = spawnSync('npx', ['vitest', 'run', ...tests], { cwd: root, encoding: 'utf8', timeout: 600_000 });
    const out = `${r.stdout}${r.stderr}`;
    const failed = /(\d+) failed/.exec(out.split('\n').filter((l) => /passed|failed/.test(l)).at(-1) ?? '')?.[1] ?? (r.status === 0 ? '0' : '?');
    const caught = r.status !== 0;
    if (!caught) missed += 1;
    rows.push(`| ${m.name} | ${caught ? `caught (${failed} tests fail)` : '**not caught**'} | ${((performance.now() - t0) / 1e3).toFixed(0)} s |`);
  } finally {
    writeFileSync(path, original);
  }
}
console.log('| planted bug | result | time |');
console.log('|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\n${rows.length - missed} of ${rows.length} planted bugs caught`);
process.exitCode = missed > 0 ? 1 : 0;
