/** Secure SD-WAN tables (migration 0017): the control plane's desired network and each link's last state. */
import type { Generated } from 'kysely';

export interface SdwanSitesTable {
  id: Generated<number>;
  name: string;
  /** JSON array of CIDRs. */
  lans: string;
  exit_node_id: string | null;
  created_at: number;
}

export interface SdwanNodesTable {
  device_id: string;
  site_id: number | null;
  relay: number;
  /** Advertised `ip[:port]`; '' for the device's own first address. */
  endpoint: string;
  listen_port: number;
  on_boot: number;
  /** Reported by the device; its private key never leaves it. */
  public_key: string | null;
  /** JSON array of the device's IPv4 addresses. */
  addresses: string;
  tunnel_ip: string | null;
  joined_at: number;
  /** Hash of the configuration last computed for the node, and of the one it confirmed applying. */
  config_hash: string | null;
  applied_hash: string | null;
}

export interface SdwanLinksTable {
  id: Generated<number>;
  site_a: number;
  site_b: number;
  mode: string;
  relay_id: string | null;
  rate_limit_mbps: number | null;
  /** JSON array of {ip, port}. */
  rules: string;
  state: string;
  path: string;
  latency_ms: number | null;
  throughput_bps: number;
  state_at: number | null;
  /** The underlay `ip:port` the link's path uses now (migration 0030). */
  endpoint: string | null;
}

export interface SdwanSubnetsTable {
  id: Generated<number>;
  cidr: string;
  range_start: string;
  range_end: string;
}

/** The console host as a relay node (migration 0030): one row, `device_id` 'console', columns as a node's. */
export type SdwanConsoleRelayTable = Omit<SdwanNodesTable, 'site_id' | 'relay' | 'on_boot'>;

export interface SdwanTables {
  sdwan_console_relay: SdwanConsoleRelayTable;
  sdwan_sites: SdwanSitesTable;
  sdwan_nodes: SdwanNodesTable;
  sdwan_links: SdwanLinksTable;
  sdwan_subnets: SdwanSubnetsTable;
}
