/**
 * @ccalc/curves — exact piecewise-linear curves for network calculus.
 * Browser-safe ESM without dependencies. See README.md for the data model and tolerance policy.
 */
export { Curve, type Breakpoint, type CurveJSON, type Numbers } from './curve.ts';
export { CurveBuilder, redundantBreakpoint } from './builder.ts';
export { CurveError } from './errors.ts';
export { EPSILON, VALIDATION_EPSILON, DEFAULT_TOLERANCE, close, closeSlopes, withinTolerance, type Tolerance } from './tolerance.ts';
export { zero, constant, rate, rateLatency, tokenBucket, pureDelay, window, step, fromPackets, fromSamples } from './constructors.ts';
export { add, sum, subtract, min, max, scale, verticalShift, horizontalShift, restrict } from './pointwise.ts';
export { isNonDecreasing, findDecrease, type Decrease, requireNonDecreasing, isConvex, isConcave, asRateLatency, asPureDelay, asConstant } from './properties.ts';
export { convolve, convolveExplain, type ConvolveOptions, type ConvolutionAlgorithm } from './convolve.ts';
export { convolveGeneral } from './convolve-general.ts';
export { convolveWithRate, convolveWithDelay, convolveWithRateLatency, convolveConvex, convolveConcave } from './convolve-fast.ts';
export { deconvolve } from './deconvolve.ts';
export { lowerEnvelope } from './envelope.ts';
export { lowerPseudoInverse, upperPseudoInverse, lowerPseudoInverseAt, upperPseudoInverseAt } from './pseudo-inverse.ts';
export { compose } from './compose.ts';
export { horizontalDeviation, verticalDeviation } from './deviation.ts';
export { sample, grid, averageRates } from './sample.ts';
export { equals, dominates } from './compare.ts';
export { polyline, polylineEnvelope, vertexEnvelope, type Vertex } from './polyline.ts';
export { curveChart, type ChartSeries, type ChartOptions } from './chart.ts';
export { firstTimeAbove, firstTimeAboveAfter, firstTimeAboveShifted, firstTimeBelow } from './crossing.ts';
export { UppCurve, type UppCurveJSON, type PatternPoint } from './upp/upp-curve.ts';
export { addUpp, minUpp, maxUpp } from './upp/upp-pointwise.ts';
export { minimizeUpp } from './upp/minimize.ts';
export { commonPeriod } from './upp/common-period.ts';
export { convolveUpp } from './upp/upp-convolve.ts';
export { verticalDeviationUpp, horizontalDeviationUpp } from './upp/upp-deviation.ts';
export { deconvolveUpp } from './upp/upp-deconvolve.ts';
export { lowerPseudoInverseUpp, upperPseudoInverseUpp } from './upp/upp-pseudo-inverse.ts';
export { negate, maxPlusConvolve, maxPlusDeconvolve } from './max-plus.ts';
export { negateUpp, maxPlusConvolveUpp, maxPlusDeconvolveUpp } from './upp/upp-max-plus.ts';
export { composeUpp } from './upp/upp-compose.ts';
export { subAdditiveClosureUpp, type ClosureOptions } from './upp/upp-closure.ts';
