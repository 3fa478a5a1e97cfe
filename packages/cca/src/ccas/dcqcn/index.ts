import type { CongestionControl } from '../../cca.ts';
import { ModelError } from '../../errors.ts';
import { dcqcnPaper, type PaperDcqcnParameters } from './paper.ts';
import { dcqcnZhu2015, type Zhu2015Parameters } from './zhu2015.ts';
import { dcqcnNs3Mlx, type Ns3MlxParameters } from './ns3-mlx.ts';
import { dcqcnNic, type NicParameters } from './nic.ts';
import { dcqcnTraceReference, type TraceReferenceParameters } from './trace-reference.ts';

/** The DCQCN variants, by name: which semantics a user faces (paper, published, ns-3, NIC, the trace format's reference). */
export type DcqcnVariant = 'paper' | 'zhu2015' | 'ns3-mlx' | 'nic' | 'trace-reference';

interface VariantParameters {
  paper: PaperDcqcnParameters;
  zhu2015: Zhu2015Parameters;
  'ns3-mlx': Ns3MlxParameters;
  nic: NicParameters;
  'trace-reference': TraceReferenceParameters;
}

const PARAMETERS: Record<DcqcnVariant, readonly string[]> = {
  paper: ['lineRate', 'decrease', 'additiveIncrease', 'increaseInterval', 'timeout'],
  zhu2015: ['lineRate', 'minRate', 'g', 'alphaPeriod', 'increasePeriod', 'byteCounter', 'fastRecoverySteps', 'additiveIncrease', 'hyperIncrease', 'initialAlpha'],
  'ns3-mlx': ['lineRate', 'minRate', 'g', 'decreasePeriod', 'alphaPeriod', 'increasePeriod', 'fastRecoverySteps', 'additiveIncrease', 'hyperIncrease', 'clampTargetRate'],
  nic: ['maxRate', 'initialRate', 'minRate', 'mergePeriod', 'alphaRateShift', 'alphaG', 'alphaTimer', 'noCnpTimer', 'byteCounter', 'rateAi', 'rateHai', 'fastRecoverySteps', 'initialAlpha'],
  'trace-reference': ['lineRate', 'minRate', 'g', 'multiplicativeIncrease', 'decreaseGate', 'tickPeriod'],
};

/**
 * A DCQCN reaction point of the named variant. Throws a ModelError for an unknown variant or for a
 * parameter that belongs to another variant (nothing runs). See the package README for the rules
 * of each variant and their sources.
 * @example dcqcn('ns3-mlx', { lineRate: 12.5e9, minRate: 12.5e6, g: 1/256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true })
 */
export function dcqcn<V extends DcqcnVariant>(variant: V, parameters: VariantParameters[V]): CongestionControl<unknown> {
  if (!Object.hasOwn(PARAMETERS, variant)) throw new ModelError('variant', variant, `one of ${Object.keys(PARAMETERS).map((k) => `"${k}"`).join(', ')}`);
  for (const key of Object.keys(parameters as object)) {
    if (!PARAMETERS[variant].includes(key)) {
      const owners = (Object.keys(PARAMETERS) as DcqcnVariant[]).filter((v) => PARAMETERS[v].includes(key));
      throw new ModelError(key, (parameters as unknown as Record<string, unknown>)[key], `no such parameter for the "${variant}" variant${owners.length > 0 ? ` (it belongs to ${owners.map((o) => `"${o}"`).join(', ')})` : ''}`);
    }
  }
  switch (variant) {
    case 'paper':
      return dcqcnPaper(parameters as PaperDcqcnParameters) as CongestionControl<unknown>;
    case 'zhu2015':
      return dcqcnZhu2015(parameters as Zhu2015Parameters) as CongestionControl<unknown>;
    case 'ns3-mlx':
      return dcqcnNs3Mlx(parameters as Ns3MlxParameters) as CongestionControl<unknown>;
    case 'trace-reference':
      return dcqcnTraceReference(parameters as TraceReferenceParameters) as CongestionControl<unknown>;
    default:
      return dcqcnNic(parameters as NicParameters) as CongestionControl<unknown>;
  }
}

export { dcqcnPaper, dcqcnZhu2015, dcqcnNs3Mlx, dcqcnNic, dcqcnTraceReference };
export type { PaperDcqcnParameters, Zhu2015Parameters, Ns3MlxParameters, NicParameters, TraceReferenceParameters };
