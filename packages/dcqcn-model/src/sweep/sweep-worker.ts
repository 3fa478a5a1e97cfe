/**
 * A sweep's worker thread: runs the points it is sent, one at a time, and posts each outcome. It
 * stays up between points, so every point after its first runs warm.
 */
import { parentPort } from 'node:worker_threads';
import { runPoint, type PointTask } from './run-point.ts';

parentPort!.on('message', (task: PointTask) => {
  void runPoint(task).then((outcome) => parentPort!.postMessage(outcome));
});
