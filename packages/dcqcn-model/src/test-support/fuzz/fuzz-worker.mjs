// Entry of a fuzz worker thread: loads TypeScript through tsx (a worker has its own module
// loader), then runs fuzz-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./fuzz-worker.ts');
