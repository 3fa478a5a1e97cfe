import fc from 'fast-check';

// Property tests explore random seeds during development; CI runs a fixed seed so that a green run
// is reproducible (fast-check prints the seed and path of any failure, to replay it locally with
// FC_SEED=<seed>).
const seed = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : process.env.CI ? 20261122 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });
