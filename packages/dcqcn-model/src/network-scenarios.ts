import { inputHotspotNetwork, parkingLotNetwork, stagedHotspotNetwork } from '@ccalc/cca';
import type { NetworkRunnable } from './network-run.ts';

/** The built-in networks of `ccalc run` (the QCN/ECM/SONAR slides' scenarios; notebook 08). */
export const NETWORK_BUILT_INS: Record<string, Omit<NetworkRunnable, 'name'>> = {
  'qcn-input-hotspot': {
    kind: 'network',
    description: 'slides: 4 culprits × 5 Gb/s to node 6 and a victim 1 → 7 through a core switch, QCN, no PAUSE (the network engine)',
    horizon: 100e-3,
    bin: 1e-3,
    network: (horizon) => inputHotspotNetwork({ horizon }),
  },
  'qcn-input-hotspot-pause': {
    kind: 'network',
    description: 'the same with PAUSE at every switch',
    horizon: 100e-3,
    bin: 1e-3,
    network: (horizon) => inputHotspotNetwork({ horizon, pause: true }),
  },
  'pfc-input-hotspot': {
    kind: 'network',
    description: 'the same with PAUSE and no congestion control: congestion spreads to the victim',
    horizon: 100e-3,
    bin: 1e-3,
    network: (horizon) => inputHotspotNetwork({ horizon, pause: true, control: 'none' }),
  },
  'qcn-parking-lot': {
    kind: 'network',
    description: 'slides: 4 hot flows over 3 switches, 2 cold flows over one link each, 10 Gb/s, QCN',
    horizon: 100e-3,
    bin: 1e-3,
    network: (horizon) => parkingLotNetwork({ horizon }),
  },
  'qcn-20-stage-hotspot': {
    kind: 'network',
    description: 'slides: 20 switches in a line, 57 flows at 10 Gb/s, every link a hotspot, 20 sources into the last node, QCN',
    horizon: 50e-3,
    bin: 1e-3,
    network: (horizon) => stagedHotspotNetwork({ horizon }),
  },
};
