/**
 * @ccalc/cca — the path-server model of congestion control on exact curves (paper §III–IV).
 * Browser-safe ESM. See README.md.
 */
export type { CongestionControl, Limit, Shift, SignalView, Reaction, Listens } from './cca.ts';
export type { FlowSpec, PathServerModel, EcnConfig, PfcConfig } from './model.ts';
export type { EngineEvent, EngineResult, FlowResult, StepSeries } from './results.ts';
export { resultToJSON } from './results.ts';
export { ModelError } from './errors.ts';
export { runPathServer } from './engine.ts';
export { fifoDemultiplex, fifoShare, fifoLowerBound } from './fifo-demultiplex.ts';
export { remainingArrivals, admittedIncrement } from './admission.ts';
export { packetize } from './acknowledgements.ts';
export { redProbability, NotificationGap } from './ecn.ts';
export { seededRandom } from './random.ts';
export { aimdRate, type AimdRateParameters, type AimdRateState } from './ccas/aimd-rate.ts';
export { aimdWindow, type AimdWindowParameters, type AimdWindowState } from './ccas/aimd-window.ts';
export { vegas, type VegasParameters, type VegasState } from './ccas/vegas.ts';
export { rateChart, vectorChart, windowChart, curvesChart } from './plots.ts';
export { aimdFairnessModel, vegasModel } from './examples.ts';
