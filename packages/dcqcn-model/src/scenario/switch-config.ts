import type { EcnConfig, PfcConfig, QcnConfig } from '@ccalc/cca';
import { ScenarioError } from '../units.ts';
import type { Fields } from './fields.ts';

/**
 * A scenario's `ecn` block (`{ "kMin": "5 kB", "kMax": "200 kB", "pMax": 0.01, "at": "dequeue",
 * "marking": "expected" | "random", "notificationGap": "50 us", "pacing": "gap" | "grid" }`) as
 * the model's EcnConfig for packets of `packetSize` bytes, random marks drawn with `seed`;
 * undefined without one. Errors name the field.
 */
export function parseEcn(f: Fields, packetSize: number, seed: number): EcnConfig | undefined {
  const e = f.object_('ecn', ['kMin', 'kMax', 'pMax', 'at', 'marking', 'notificationGap', 'pacing']);
  if (e === undefined) return undefined;
  const kMax = e.quantity('kMax', 'bytes');
  const kMin = e.has('kMin') ? e.quantity('kMin', 'bytes') : undefined;
  if (kMin !== undefined && !(kMin <= kMax)) throw new ScenarioError(e.at('kMin'), e.object.kMin, `a size ≤ ${e.at('kMax')} (${kMax} B)`);
  const pMax = e.has('pMax') ? e.number('pMax', { min: 0, max: 1 }) : undefined;
  if ((kMin === undefined) !== (pMax === undefined)) throw new ScenarioError(e.at(kMin === undefined ? 'kMin' : 'pMax'), undefined, 'both kMin and pMax (RED) or neither (threshold marking at kMax)');
  return {
    kMax,
    kMin,
    pMax,
    packetSize,
    at: e.choice('at', ['enqueue', 'dequeue'] as const, 'dequeue'),
    random: e.choice('marking', ['expected', 'random'] as const, 'expected') === 'random' ? { seed } : 'expected',
    notificationGap: e.quantity('notificationGap', 'time', 0),
    pacing: e.choice('pacing', ['gap', 'grid'] as const, 'gap'),
  };
}

/**
 * A scenario's `pfc` block (`{ "xOff": "950 kB", "xOn": "925 kB", "resume": "threshold" | "paper" }`)
 * for a link of rate C (bytes/s, the paper's resume rule); undefined without one.
 */
export function parsePfc(f: Fields, C: number): PfcConfig | undefined {
  const p = f.object_('pfc', ['xOff', 'xOn', 'resume']);
  if (p === undefined) return undefined;
  const xOff = p.quantity('xOff', 'bytes');
  const xOn = p.quantity('xOn', 'bytes');
  if (!(xOn <= xOff)) throw new ScenarioError(p.at('xOn'), p.object.xOn, `a size ≤ ${p.at('xOff')} (${xOff} B)`);
  return { xOff, xOn, resume: p.choice('resume', ['threshold', 'paper'] as const, 'threshold'), lineRate: C };
}

/**
 * A scenario's `qcn` block: `{ "qEq": "37.5 kB", "w": 2, "fbBits": 8, "sampling": { "min": 0.01,
 * "max": 0.1 } }` (802.1Qau's defaults: w = 2, 6 bits, 1 % to 10 %); its draws use the scenario's seed.
 */
export function parseQcn(f: Fields, seed: number): QcnConfig | undefined {
  const q = f.object_('qcn', ['qEq', 'w', 'fbBits', 'sampling']);
  if (q === undefined) return undefined;
  const qEq = q.quantity('qEq', 'bytes');
  if (!(qEq > 0)) throw new ScenarioError(q.at('qEq'), q.object.qEq, 'a size > 0');
  const sampling = q.object_('sampling', ['min', 'max']);
  const min = sampling?.number('min', { min: 0, max: 1, fallback: 0.01 }) ?? 0.01;
  const max = sampling?.number('max', { min: 0, max: 1, fallback: 0.1 }) ?? 0.1;
  if (!(min > 0)) throw new ScenarioError(q.at('sampling.min'), sampling?.object.min, 'a probability > 0');
  if (!(max >= min)) throw new ScenarioError(q.at('sampling.max'), sampling?.object.max, `a probability ≥ ${q.at('sampling.min')} (${min})`);
  return { qEq, w: q.number('w', { min: 0, fallback: 2 }), fbBits: q.number('fbBits', { integer: true, min: 1, max: 16, fallback: 6 }), sampling: { min, max }, seed };
}

