/**
 * @ccalc/cca — the path-server model of congestion control on exact curves (paper §III–IV).
 * Browser-safe ESM. See README.md.
 */
export type { CongestionControl, Limit, Shift, SignalView, Reaction, Listens, AckSignal } from './cca.ts';
export type { FlowSpec, HostSpec, PathServerModel, EcnConfig, QcnConfig, PfcConfig, LinkSpec, TcpPath } from './model.ts';
export { ingressPorts, sharedHost, flowSenders, type IngressPorts, type FlowSenders } from './ingress-ports.ts';
export type { EngineEvent, EngineResult, FlowResult, SentNotification, StepSeries, TcpCurves } from './results.ts';
export { resultToJSON } from './results.ts';
export { ModelError } from './errors.ts';
export { flowDelays } from './delays.ts';
export { runPathServer } from './engine.ts';
export { fifoDemultiplex, fifoShare, fifoShares, fifoLowerBound, type TieKey, type Ties } from './fifo-demultiplex.ts';
export { remainingArrivals, admittedIncrement } from './admission.ts';
export { packetize } from './acknowledgements.ts';
export { redProbability, NotificationGap, NotificationGrid } from './ecn.ts';
export { seededRandom } from './random.ts';
export { aimdRate, type AimdRateParameters, type AimdRateState } from './ccas/aimd-rate.ts';
export { aimdWindow, type AimdWindowParameters, type AimdWindowState } from './ccas/aimd-window.ts';
export { vegas, type VegasParameters, type VegasState } from './ccas/vegas.ts';
export { vegasSocket, type VegasSocketParameters, type VegasSocketState } from './ccas/vegas-socket.ts';
export { fixedRate } from './ccas/fixed-rate.ts';
export { qcn, type QcnParameters, type QcnState } from './ccas/qcn.ts';
export { rateIncrease, type RecoveryState, type RecoverySteps } from './ccas/rate-recovery.ts';
export { QcnCongestionPoint, quantisedFeedback } from './qcn-congestion-point.ts';
export { newConnectionsAt, connectionOpenings, type ConnectionsState } from './ccas/new-connections.ts';
export { rateChart, vectorChart, windowChart, curvesChart, aggregateRateChart, sampledChart } from './plots.ts';
export { flowCompletionTimes, connectionCompletionTimes } from './completion-times.ts';
export { pausedCounts } from './paused-senders.ts';
export { activeEnd, byteUnit, type Spec as ChartSpec } from './charts/chart-spec.ts';
export { backlogChart } from './charts/backlog-chart.ts';
export { throughputHeatmap, throughputEnvelope, sentRates } from './charts/throughput-charts.ts';
export { eventTimelineChart, pauseIntervals, timelineKind, type TimelineKind } from './charts/event-timeline-chart.ts';
export { completionChart } from './charts/completion-chart.ts';
export { aimdFairnessModel, vegasModel, vegasNs3Model, ns3IncastModel, ns3IncastDelays, paperIncastModel, type Ns3IncastOptions } from './examples.ts';
export { dcqcn, dcqcnPaper, dcqcnZhu2015, dcqcnNs3Mlx, dcqcnNic, dcqcnTraceReference, type DcqcnVariant, type PaperDcqcnParameters, type Zhu2015Parameters, type Ns3MlxParameters, type NicParameters, type TraceReferenceParameters } from './ccas/dcqcn/index.ts';
export type { TraceReferenceDcqcn, TraceReferenceIntegers, TraceReferenceState } from './ccas/dcqcn/trace-reference.ts';
export { mulDivFloor } from './exact-integers.ts';
export { NIC_DFX_EVENTS, type NicState } from './ccas/dcqcn/nic.ts';
export type { Zhu2015State } from './ccas/dcqcn/zhu2015.ts';
export type { Ns3MlxState } from './ccas/dcqcn/ns3-mlx.ts';
export { runEvents, type EventEngineOptions } from './engines/events/run-events.ts';
export { eventEngineSupport } from './engines/events/support.ts';
export { runNetwork, type NetworkEngineOptions } from './engines/network/run-network.ts';
export { validateNetwork, type NetworkModel, type NetworkFlowSpec, type SwitchSpec, type EgressPortSpec, type NetworkResult, type PortResult, type PortFrame } from './network-model.ts';
export { runSegments, type SegmentEngineOptions } from './engines/segments/run-segments.ts';
export { segmentEngineSupport } from './engines/segments/support.ts';
export { measureRtt, type RttEstimate } from './rtt-estimator.ts';
export { runModel, type EngineChoice, type RunModelOptions } from './run-model.ts';
