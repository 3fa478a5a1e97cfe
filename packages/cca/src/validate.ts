import { findDecrease } from '@ccalc/curves';
import { ModelError, requireNonNegative, requirePositive } from './errors.ts';
import type { PathServerModel } from './model.ts';

/**
 * Checks a model before anything is computed and throws a ModelError naming the parameter:
 * empty flow list, non-positive horizon or delays, arrivals that decrease or do not start at 0,
 * a decreasing service curve, τ_o ≤ ΔR, malformed ECN, PFC, access-link or TCP-path settings.
 */
export function validateModel(model: PathServerModel): void {
  if (typeof model !== 'object' || model === null) throw new ModelError('model', model, 'an object');
  requirePositive('horizon', model.horizon);
  requirePositive('feedbackDelay', model.feedbackDelay);
  if (!Array.isArray(model.flows) || model.flows.length === 0) throw new ModelError('flows', model.flows, 'a non-empty list of flows');
  const dec = findDecrease(model.service);
  if (dec !== null) throw new ModelError('service', `decreases at t = ${dec.t}`, 'a non-decreasing service curve');
  if (model.ackPacketSize !== undefined) requireNonNegative('ackPacketSize', model.ackPacketSize);
  model.flows.forEach((f, j) => {
    const name = `flows[${j}]`;
    const d = findDecrease(f.arrivals);
    if (d !== null) throw new ModelError(`${name}.arrivals`, `decreases at t = ${d.t} (${d.what}: ${d.from} → ${d.to})`, 'non-decreasing arrivals');
    if (f.arrivals.v[0] !== 0) throw new ModelError(`${name}.arrivals`, `A(0) = ${f.arrivals.v[0]}`, 'A(0) = 0 (traffic in [0, 0) is nothing)');
    const ack = f.ackDelay ?? model.feedbackDelay;
    requirePositive(`${name}.ackDelay`, ack);
    if (f.notificationDelay !== undefined) requirePositive(`${name}.notificationDelay`, f.notificationDelay);
    if (f.pauseDelay !== undefined) requirePositive(`${name}.pauseDelay`, f.pauseDelay);
    if (f.access !== undefined) {
      requirePositive(`${name}.access.rate`, f.access.rate);
      requireNonNegative(`${name}.access.propagation`, f.access.propagation);
    }
    if (f.host !== undefined && !(Number.isInteger(f.host) && f.host >= 0 && f.host < (model.hosts?.length ?? 0))) {
      throw new ModelError(`${name}.host`, f.host, `the index of one of the model's ${model.hosts?.length ?? 0} hosts`);
    }
    const tau = f.cca?.listens?.timeout;
    if (tau !== undefined && !(tau > ack)) throw new ModelError(`${name}.cca.timeout`, tau, `a timeout τ_o greater than the feedback delay ΔR = ${ack}`);
  });
  if (model.hosts !== undefined) {
    if (!Array.isArray(model.hosts)) throw new ModelError('hosts', model.hosts, 'a list of hosts');
    model.hosts.forEach((h, k) => {
      if (h.lineRate !== undefined) requirePositive(`hosts[${k}].lineRate`, h.lineRate);
    });
  }
  if (model.ecn !== undefined) {
    const e = model.ecn;
    requirePositive('ecn.kMax', e.kMax);
    requirePositive('ecn.packetSize', e.packetSize);
    if (e.kMin !== undefined) {
      requireNonNegative('ecn.kMin', e.kMin);
      if (e.kMin > e.kMax) throw new ModelError('ecn.kMin', e.kMin, `K_min ≤ K_max = ${e.kMax}`);
      if (e.pMax === undefined || !(e.pMax >= 0 && e.pMax <= 1)) throw new ModelError('ecn.pMax', e.pMax, 'a probability in [0, 1] (RED needs P_max with K_min)');
    }
    if (e.notificationGap !== undefined) requireNonNegative('ecn.notificationGap', e.notificationGap);
    if (e.at !== undefined && e.at !== 'enqueue' && e.at !== 'dequeue') throw new ModelError('ecn.at', e.at, '"enqueue" or "dequeue"');
    if (e.pacing !== undefined && e.pacing !== 'gap' && e.pacing !== 'grid') throw new ModelError('ecn.pacing', e.pacing, '"gap" or "grid"');
  }
  if (model.qcn !== undefined) {
    const q = model.qcn;
    if (model.ecn !== undefined) throw new ModelError('qcn', 'with ecn', 'either ECN marking or a QCN congestion point, not both');
    requirePositive('qcn.qEq', q.qEq);
    requireNonNegative('qcn.w', q.w);
    if (q.fbBits !== undefined && !(Number.isInteger(q.fbBits) && q.fbBits >= 1 && q.fbBits <= 16)) throw new ModelError('qcn.fbBits', q.fbBits, 'a whole number of bits from 1 to 16');
    if (q.sampling !== undefined) {
      for (const k of ['min', 'max'] as const) if (!(q.sampling[k] > 0 && q.sampling[k] <= 1)) throw new ModelError(`qcn.sampling.${k}`, q.sampling[k], 'a probability in (0, 1]');
      if (q.sampling.min > q.sampling.max) throw new ModelError('qcn.sampling.min', q.sampling.min, `at most qcn.sampling.max = ${q.sampling.max}`);
    }
    if (q.seed !== undefined && !Number.isInteger(q.seed)) throw new ModelError('qcn.seed', q.seed, 'a whole number');
  }
  if (model.tcp !== undefined) {
    const tcp = model.tcp;
    for (const key of ['segmentSize', 'ackSize', 'synSize'] as const) {
      requirePositive(`tcp.${key}`, tcp[key]);
      if (!Number.isInteger(tcp[key])) throw new ModelError(`tcp.${key}`, tcp[key], 'a whole number of bytes');
    }
    requireNonNegative('tcp.header', tcp.header);
    if (!Number.isInteger(tcp.header)) throw new ModelError('tcp.header', tcp.header, 'a whole number of bytes');
    requireNonNegative('tcp.propagation', tcp.propagation);
    if (tcp.delayedAck !== undefined) {
      if (!(Number.isInteger(tcp.delayedAck.count) && tcp.delayedAck.count >= 1)) throw new ModelError('tcp.delayedAck.count', tcp.delayedAck.count, 'a whole number of segments ≥ 1');
      requirePositive('tcp.delayedAck.timeout', tcp.delayedAck.timeout);
    }
  }
  if (model.pfc !== undefined) {
    const p = model.pfc;
    requirePositive('pfc.xOff', p.xOff);
    requireNonNegative('pfc.xOn', p.xOn);
    if (p.xOn > p.xOff) throw new ModelError('pfc.xOn', p.xOn, `X_on ≤ X_off = ${p.xOff}`);
    if (p.resume === 'paper') requirePositive('pfc.lineRate', p.lineRate ?? Number.NaN);
    else if (p.resume !== undefined && p.resume !== 'threshold') throw new ModelError('pfc.resume', p.resume, '"threshold" or "paper"');
  }
}
