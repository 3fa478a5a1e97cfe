import { aimdFairnessModel, ns3IncastDelays, ns3IncastModel, paperIncastModel, vegasModel, type PathServerModel } from '@ccalc/cca';

/**
 * Where the model's clock stands relative to a simulator's hosts. The model times everything at
 * the switch: a sender's bytes count when they arrive there. A sender sees its events (a CNP, a cut,
 * a PAUSE received) `senderToSwitch` earlier than the model's event time, and the receiver gets a
 * byte `switchToReceiver` after it leaves the switch (s).
 */
export interface Clock {
  senderToSwitch: number;
  switchToReceiver: number;
}

/** The clock of the ns3-* scenarios: 1 µs links, 1048 B packets at 100 Gb/s. */
const NS3_CLOCK: Clock = { senderToSwitch: ns3IncastDelays.toIngress, switchToReceiver: ns3IncastDelays.toReceiver };

/** A built-in scenario: what it is and how to build its model for a horizon (s). */
export interface BuiltIn {
  description: string;
  horizon: number;
  model(horizon: number): PathServerModel;
  /** The model's clock against a simulator's hosts, for comparisons (none: the times are compared as they are). */
  clock?: Clock;
}

/** The built-in scenarios available to `ccalc run`. */
export const BUILT_INS: Record<string, BuiltIn> = {
  'ns3-31-pfc': {
    description: '31 senders × 10 MB into one 100 Gb/s port, PFC only (the simulator\'s A1 settings)',
    horizon: 30e-3,
    model: (horizon) => ns3IncastModel({ dcqcn: false, pfc: true, horizon }),
    clock: NS3_CLOCK,
  },
  'ns3-31-dcqcn': {
    description: 'the same with ECN/RED at dequeue + DCQCN (ns3-mlx) + PFC (the simulator\'s A2 settings)',
    horizon: 30e-3,
    model: (horizon) => ns3IncastModel({ dcqcn: true, pfc: true, horizon }),
    clock: NS3_CLOCK,
  },
  'ns3-31-dcqcn-nopfc': {
    description: 'the same with DCQCN (ns3-mlx) and no PFC',
    horizon: 30e-3,
    model: (horizon) => ns3IncastModel({ dcqcn: true, pfc: false, horizon }),
    clock: NS3_CLOCK,
  },
  'paper-31-pfc': {
    description: 'paper §V: 31 × 10 MB burst, 100 Gb/s, PFC only (fluid, ΔR = 4 µs)',
    horizon: 10e-3,
    model: (horizon) => paperIncastModel({ dcqcn: false, pfc: true, horizon }),
  },
  'paper-31-dcqcn': {
    description: 'paper §V: the same with the paper\'s simplified DCQCN (β = 0.75, T_gap 50 µs) + PFC',
    horizon: 10e-3,
    model: (horizon) => paperIncastModel({ dcqcn: true, pfc: true, horizon }),
  },
  'paper-31-dcqcn-nopfc': {
    description: 'paper §V: the paper\'s DCQCN without PFC (τ_o = 3 ms)',
    horizon: 10e-3,
    model: (horizon) => paperIncastModel({ dcqcn: true, pfc: false, horizon }),
  },
  'paper-aimd-fairness': {
    description: 'paper §IV-B: two AIMD flows at 60 and 90 Gb/s through a 100 Gb/s FIFO',
    horizon: 50e-3,
    model: (horizon) => aimdFairnessModel(horizon),
  },
  'paper-vegas': {
    description: 'paper §III-E: TCP Vegas (ns-3 semantics), 4 MB burst, 50 Gb/s, 1.5 MB bursts every 0.5 ms',
    horizon: 5e-3,
    model: (horizon) => vegasModel('ns3', horizon),
  },
};
