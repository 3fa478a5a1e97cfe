import type { FlowSpec, PathServerModel } from './model.ts';

/**
 * A flow's feedback delays (s) with the model's defaults: the ack delay ΔR is the flow's own or the
 * model's `feedbackDelay`; notifications and PFC frames take the ack delay unless the flow says.
 * Both engines, and the outputs, read a flow's delays through it.
 * @example flowDelays({ feedbackDelay: 4e-6 }, { arrivals, cca, pauseDelay: 2e-6 }) // { ack: 4e-6, notification: 4e-6, pause: 2e-6 }
 */
export function flowDelays(model: Pick<PathServerModel, 'feedbackDelay'>, flow: Pick<FlowSpec, 'ackDelay' | 'notificationDelay' | 'pauseDelay'>): { ack: number; notification: number; pause: number } {
  const ack = flow.ackDelay ?? model.feedbackDelay;
  return { ack, notification: flow.notificationDelay ?? ack, pause: flow.pauseDelay ?? ack };
}
