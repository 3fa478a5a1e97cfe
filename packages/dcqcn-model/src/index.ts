// @ccalc/dcqcn-model (node only): scenarios, simulator-trace reading and comparison, the DCQCN
// trace checker, and units. The `ccalc` command is bin/ccalc.js (src/cli.ts).
export { BUILT_INS, type BuiltIn } from './scenarios.ts';
export { parseQuantity, ScenarioError, type QuantityKind } from './units.ts';
export { readNumericCsv, TraceError, type CsvColumns } from './traces/csv.ts';
export { readNs3Trace, type Ns3Trace } from './traces/ns3.ts';
export { compareWithTrace, type ModelSeries, type SeriesError } from './compare.ts';
export { checkTraceFile, describeViolation, type TraceVerdict } from './check-trace/check-file.ts';
export { DcqcnTraceChecker, type TraceRule, type Violation } from './check-trace/checker.ts';
export { readDcqcnTrace } from './check-trace/read.ts';
export { DcqcnTraceWriter, type DcqcnTraceEvent } from './check-trace/writer.ts';
export { modelDcqcnEvents, modelDcqcnTrace, exportParameters } from './check-trace/export.ts';
export { PPB, decrease, tick, gateOpen, initialState, mulDivFloor, type DcqcnParameters, type SourceState } from './check-trace/rules.ts';
export { TRACE_COLUMNS, canonicalOrder, formatRow, type DcqcnEvent, type TraceRow } from './check-trace/row.ts';
export { querySweep, type QueryRow } from './sweep/query.ts';
export { loadSweepFile, parseSweep, sweepPoint, type Sweep, type SweepPoint } from './sweep/sweep-definition.ts';
export { runSweep, type SweepOptions, type SweepReport } from './sweep/sweep-command.ts';
export { SWEEP_FIGURES, type SweepFigure } from './sweep/figures.ts';
