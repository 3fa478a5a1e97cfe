// Entry of the parsing worker thread: loads TypeScript through tsx (a worker has its own module
// loader), then runs parse-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
