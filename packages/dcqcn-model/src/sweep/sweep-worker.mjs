// Entry of a sweep worker thread when ccalc runs from its TypeScript sources (tests, tsx): loads
// TypeScript through tsx (a worker has its own module loader), then runs sweep-worker.ts. The
// built package starts dist/sweep/sweep-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./sweep-worker.ts');
