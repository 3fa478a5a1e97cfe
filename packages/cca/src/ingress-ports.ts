import type { PathServerModel } from './model.ts';

/**
 * The switch's ingress ports of a model: one per host (`model.hosts`, its connections being the
 * flows that name it) and one per flow without a host, numbered in order of their first flow, so
 * that a model without hosts has port j = flow j. PFC counts bytes per port, and packets that reach
 * the switch at one instant are ordered by port.
 */
export interface IngressPorts {
  /** ingressOf[j]: the port of flow j. */
  ingressOf: Int32Array;
  /** members[g]: the flows of port g, in flow order. */
  members: number[][];
  /** host[g]: the host index of port g, or −1 for a flow on its own. */
  host: number[];
}

/**
 * Numbers the ingress ports of a model (see {@link IngressPorts}).
 * @example ingressPorts({ ...model, hosts: [{}], flows: [{ ...a, host: 0 }, b, { ...c, host: 0 }] }).ingressOf // [0, 1, 0]
 */
export function ingressPorts(model: PathServerModel): IngressPorts {
  const ingressOf = new Int32Array(model.flows.length);
  const members: number[][] = [];
  const host: number[] = [];
  const portOfHost = new Map<number, number>();
  model.flows.forEach((f, j) => {
    let g = f.host === undefined ? undefined : portOfHost.get(f.host);
    if (g === undefined) {
      g = members.length;
      members.push([]);
      host.push(f.host ?? -1);
      if (f.host !== undefined) portOfHost.set(f.host, g);
    }
    members[g].push(j);
    ingressOf[j] = g;
  });
  return { ingressOf, members, host };
}

/**
 * The first host with more than one connection (its index), or −1 when every host has one: the
 * only case in which sharing a NIC changes anything.
 * @example sharedHost(ns3IncastModel()) // -1
 */
export function sharedHost(model: PathServerModel): number {
  const ports = ingressPorts(model);
  const g = ports.members.findIndex((members) => members.length > 1);
  return g < 0 ? -1 : ports.host[g];
}

/** Which sender (host) each flow belongs to, for outputs: see {@link flowSenders}. */
export interface FlowSenders {
  /** sender[j]: the sender of flow j (its ingress port: hosts and flows on their own, in order). */
  sender: Int32Array;
  /** connection[j]: flow j's place among its sender's connections (0, 1, … in flow order). */
  connection: Int32Array;
  /** Each sender's name: its host's, or its flow's; and its flows. */
  names: string[];
  flows: number[][];
  /** Whether some sender has more than one connection. */
  shared: boolean;
}

/**
 * The senders of a model as results report them: one per host (its connections' flows together) and
 * one per flow without a host, numbered as the ingress ports. Without hosts, sender j is flow j.
 * @example flowSenders(model).sender[5] // the host of flow 5
 */
export function flowSenders(model: PathServerModel): FlowSenders {
  const ports = ingressPorts(model);
  const connection = new Int32Array(model.flows.length);
  for (const members of ports.members) members.forEach((j, k) => (connection[j] = k));
  const names = ports.members.map((members, g) => (ports.host[g] >= 0 ? model.hosts?.[ports.host[g]]?.name : undefined) ?? model.flows[members[0]].name ?? `flow ${members[0] + 1}`);
  return { sender: ports.ingressOf, connection, names, flows: ports.members, shared: ports.members.some((m) => m.length > 1) };
}
