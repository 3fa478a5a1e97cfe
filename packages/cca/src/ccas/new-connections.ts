import type { CongestionControl } from '../cca.ts';
import { ModelError } from '../errors.ts';

/** State of {@link newConnectionsAt}: the current connection's state, how many instants have passed, and its first byte. */
export interface ConnectionsState<S> {
  connection: S;
  opened: number;
  /** Bytes the flow had admitted when the current connection opened. */
  since: number;
}

/** Bytes: a marked packet that starts this far before a connection's first byte is an older connection's. */
const MARGIN = 1e-6;

/**
 * A sender that opens a new connection at each of `instants` (s, increasing): there its CCA starts
 * again from `cca.initial(t, Â(t))`, with its timers and byte counters counted from that instant,
 * and the coordinate origin moves to (t, Â(t)) (event `connection-start`). This is what a packet
 * simulator does when each burst of a sender is its own flow (ns-3 creates a queue pair per flow, at
 * line rate with fresh DCQCN state); without it, one CCA state carries over from burst to burst, as
 * on a persistent connection. Bytes still waiting at the sender when a new connection opens go on
 * under the new state (in a simulator the two connections share the NIC). Between openings the
 * CCA is unchanged: timers and limits are its own, and so are notifications, except those for a
 * packet an older connection sent (`SignalView.markedFrom` before the connection's first byte):
 * in a simulator they reach the old queue pair, so here they are dropped (`cnp-old-connection`).
 * A timer of the old connection due at an opening instant is dropped with it.
 * @example newConnectionsAt(dcqcn('ns3-mlx', params), [200e-6, 400e-6]) // three bursts, three connections
 */
export function newConnectionsAt<S>(cca: CongestionControl<S>, instants: readonly number[]): CongestionControl<ConnectionsState<S>> & { readonly openings: readonly number[] } {
  instants.forEach((x, k) => {
    if (!(typeof x === 'number' && Number.isFinite(x) && x >= 0)) throw new ModelError(`instants[${k}]`, x, 'a finite time ≥ 0 (s)');
    if (k > 0 && !(x > instants[k - 1])) throw new ModelError(`instants[${k}]`, x, `a time after instants[${k - 1}] = ${instants[k - 1]} (increasing)`);
  });
  const opening = (s: ConnectionsState<S>): number => (s.opened < instants.length ? instants[s.opened] : Infinity);
  const within = (s: ConnectionsState<S>, connection: S): ConnectionsState<S> => ({ ...s, connection });
  const wrapped: CongestionControl<ConnectionsState<S>> & { readonly openings: readonly number[] } = {
    openings: [...instants],
    name: cca.name,
    listens: cca.listens,
    initial: (at = 0, admitted = 0) => {
      const next = instants.findIndex((x) => x > at);
      return { connection: cca.initial(at, admitted), opened: next === -1 ? instants.length : next, since: admitted };
    },
    limit: (s) => cca.limit(s.connection),
    nextTimer: (s) => Math.min(cca.nextTimer(s.connection), opening(s)),
    // An opening restarts the connection at its initial rate: never quiet.
    nextLimitTimer: (s) => Math.min(cca.nextLimitTimer === undefined ? cca.nextTimer(s.connection) : cca.nextLimitTimer(s.connection), opening(s)),
    onTimer(s, signals) {
      if (opening(s) <= signals.now) {
        const admitted = signals.admitted(signals.now);
        return { state: { connection: cca.initial(signals.now, admitted), opened: s.opened + 1, since: admitted }, shift: 'admitted', kind: 'connection-start' };
      }
      const r = cca.onTimer(s.connection, signals);
      return { ...r, state: within(s, r.state) };
    },
    describe: (s) => cca.describe(s.connection),
  };
  // Optional handlers exist only where the CCA has them (the engine tests for their presence).
  for (const key of ['onTimeout', 'onFlightAcknowledged', 'onNotification', 'onBytes'] as const) {
    const handler = cca[key];
    if (handler !== undefined) {
      wrapped[key] = (s, signals) => {
        if (key === 'onNotification' && signals.markedFrom !== undefined && signals.markedFrom < s.since - MARGIN) return { state: s, shift: 'none', kind: 'cnp-old-connection' };
        const r = handler.call(cca, s.connection, signals);
        return { ...r, state: within(s, r.state) };
      };
    }
  }
  if (cca.byteTarget !== undefined) {
    const target = cca.byteTarget;
    wrapped.byteTarget = (s) => target.call(cca, s.connection);
  }
  return wrapped;
}

/**
 * The instants (s) at which a flow's CCA opens a new connection after its first: those of a
 * {@link newConnectionsAt} sender, else none.
 * @example connectionOpenings(newConnectionsAt(cca, [1e-3, 2e-3])) // [0.001, 0.002]
 */
export function connectionOpenings(cca: CongestionControl<unknown>): readonly number[] {
  const openings = (cca as { openings?: unknown }).openings;
  return Array.isArray(openings) ? (openings as number[]) : [];
}
