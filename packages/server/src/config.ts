/** The operating contract's knobs (ARCHITECTURE.md), read once from the environment. */
import fs from 'node:fs';
import path from 'node:path';
import { CONSOLE_BACKUP_MAX_BYTES, NETWORK_BACKENDS, type NetworkBackendKind } from '@edge/protocol';

export interface Config {
  /** Largest console backup an upload may carry, bytes (CONSOLE_BACKUP_MAX_BYTES; Settings > Backup & Restore). */
  consoleBackupMaxBytes: number;
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where device backup files are kept (sealed): a folder of its own, such as a mounted object store
   * shared by the replicas. Unset: DATA_DIR/device-backups (and then inside console backups).
   */
  backupDir?: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttTcpPort: number | undefined;
  /** Shared-subscription group of console replicas on an external broker (MQTT_SHARE_GROUP). */
  mqttShareGroup: string;
  /**
   * Who checks device credentials on an external broker (MQTT_DEVICE_AUTH): `none` leaves it to the
   * broker's own setup; `dynsec` makes the console, as the MQTT_URL user, drive Mosquitto's dynamic-security
   * plugin. Ignored with the embedded broker, which always checks them.
   */
  mqttDeviceAuth: 'none' | 'dynsec';
  adminPassword: string | undefined;
  captchaKey: string;
  gaKey: string;
  /** Minutes of inactivity after which a session ends. */
  sessionIdleMinutes: number;
  /** Where the built web console lives; unset when only the API is served (tests). */
  webRoot: string | undefined;
  logLevel: string;
  /** WebAuthn relying party; unset means taken from each request's Host (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN). */
  webauthnRpId: string | undefined;
  webauthnOrigin: string | undefined;
  /**
   * How long a device waits for the console to confirm a change that may cut it off (WAN, VLAN, DHCP
   * gateway, port type) before it restores the previous configuration (CONFIG_CONFIRM_TIMEOUT_MS).
   */
  configConfirmTimeoutMs: number;
  /**
   * Niceness added to the console's helper threads (garbage collection, I/O pool) so the event loop gets a
   * core first (HELPER_THREAD_NICE, 0 to leave them alone; process/helper-threads.ts).
   */
  helperThreadNice: number;
  /**
   * How far the heap may grow past what the last full collection kept, in percent (HEAP_GROWING_PERCENT, 0
   * for V8's own choice of up to 300; process/heap-growth.ts).
   */
  heapGrowingPercent: number;
  /**
   * The organisation's enrolment secret made at first start (ENROL_SECRET; unset: a random one). Agents
   * need it to enrol (or a device's claim code); administrators read and rotate it on Provision. A secret
   * already in the database is kept: a rotation survives restarts.
   */
  enrolSecret: string | undefined;
  /** Enrolment requests per second from one source address (ENROL_RATE_PER_SOURCE; 0: no limit). */
  enrolRatePerSource: number;
  /** Enrolment requests per second taken at all (ENROL_RATE; 0: no limit). */
  enrolRate: number;
  /** Devices waiting in Discovery at most (DISCOVERY_MAX): past it new serials are refused. */
  discoveryMax: number;
  /** How long a console's claim on a running job step holds unless renewed, ms (JOB_LEASE_MS). */
  jobLeaseMs: number;
  /** How often each console looks for job steps and scheduled occurrences to claim, ms (JOB_TICK_MS). */
  jobTickMs: number;
  /**
   * Which reverse proxies to believe about the client's address and scheme (X-Forwarded-For/-Proto), as
   * Fastify's trustProxy takes it (TRUST_PROXY): false (the default) believes none; true every hop; a
   * number that many hops; otherwise a comma-separated list of proxy addresses or CIDR ranges.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** API requests per minute per address that nobody is signed in for (ANON_RATE_LIMIT, 0 for no limit). */
  anonymousRateLimit: number;
  /**
   * The console's address as devices reach it (PUBLIC_URL, e.g. https://edge.example.com): where a
   * scheduled speedtest sends devices. An operator's run uses the address the operator's browser used.
   */
  publicUrl: string | undefined;
  /**
   * The domain under which each jump link gets a host of its own (JUMP_DOMAIN, e.g. jump.example.com, with
   * wildcard DNS and, over HTTPS, a wildcard certificate for it): `j-<link>.<domain>`. Unset, only a
   * console reached as localhost or 127.0.0.1 can give links (under `localhost`, which browsers resolve).
   */
  jumpDomain: string | undefined;
  /** Minutes without a keystroke after which a terminal session is closed (TERMINAL_IDLE_MINUTES). */
  terminalIdleMinutes: number;
  /**
   * The public key licences must be signed for (LICENSE_PUBLIC_KEY: a PEM, or the path of a PEM file);
   * unset: the vendor's key shipped with the console (license/vendor-key.ts).
   */
  licensePublicKey: string | undefined;
  /**
   * Days the trial covers every device, from the console's first start, while no licence is uploaded
   * (LICENSE_TRIAL_DAYS).
   */
  licenseTrialDays: number;
  /**
   * The console host's own network (Settings > Network): the ifupdown file the console writes the
   * interfaces it manages into (NETWORK_INTERFACES_FILE; Debian's /etc/network/interfaces sources
   * interfaces.d), ifupdown's state directory (NETWORK_STATE_DIR; unset: ifupdown's own), the resolver
   * file read for DNS (RESOLV_CONF), and a network namespace to act in instead of the console's own
   * (NETWORK_NAMESPACE: a console in a container given the host's namespace, and the tests). The network
   * manager written for (NETWORK_BACKEND: ifupdown, networkd, or auto: networkd when the host runs it) and
   * networkd's directory for the console's .network files (NETWORKD_DIR).
   */
  network: {
    backend: 'auto' | NetworkBackendKind;
    networkdDir: string;
    interfacesFile: string;
    stateDir: string | undefined;
    resolvConf: string;
    namespace: string | undefined;
  };
  /**
   * The console host as an SD-WAN relay node: the address (`ip` or `ip:port`) devices reach it at
   * (SDWAN_RELAY_ENDPOINT; unset, no relay here) and a network namespace to run it in (SDWAN_RELAY_NAMESPACE:
   * the tests). One console of replicas sharing a store should set it.
   */
  sdwanRelay: { endpoint: string | undefined; namespace: string | undefined };
}

const int = (v: string | undefined, fallback: number): number => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isInteger(n) ? n : fallback;
};

function deviceAuth(value: string | undefined): Config['mqttDeviceAuth'] {
  if (!value || value === 'none') return 'none';
  if (value === 'dynsec') return 'dynsec';
  throw new Error(`MQTT_DEVICE_AUTH must be none or dynsec, not ${value}`);
}

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/** A PEM given inline, or read from the file named. */
function pemOrFile(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.includes('-----BEGIN') ? value : fs.readFileSync(value, 'utf8');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    consoleBackupMaxBytes: int(env.CONSOLE_BACKUP_MAX_BYTES, CONSOLE_BACKUP_MAX_BYTES),
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttTcpPort: env.MQTT_TCP_PORT ? int(env.MQTT_TCP_PORT, 0) : undefined,
    mqttShareGroup: env.MQTT_SHARE_GROUP || 'console',
    mqttDeviceAuth: deviceAuth(env.MQTT_DEVICE_AUTH),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captchaKey: env.CAPTCHA_KEY ?? '',
    gaKey: env.GA_KEY ?? '',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 60),
    webRoot: env.WEB_ROOT ?? path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    webauthnRpId: env.WEBAUTHN_RP_ID || undefined,
    webauthnOrigin: env.WEBAUTHN_ORIGIN || undefined,
    configConfirmTimeoutMs: int(env.CONFIG_CONFIRM_TIMEOUT_MS, 90_000),
    helperThreadNice: int(env.HELPER_THREAD_NICE, 10),
    heapGrowingPercent: int(env.HEAP_GROWING_PERCENT, 50),
    enrolSecret: env.ENROL_SECRET || undefined,
    enrolRatePerSource: int(env.ENROL_RATE_PER_SOURCE, 50),
    enrolRate: int(env.ENROL_RATE, 500),
    discoveryMax: int(env.DISCOVERY_MAX, 1000),
    jobLeaseMs: int(env.JOB_LEASE_MS, 15_000),
    jobTickMs: int(env.JOB_TICK_MS, 1000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    anonymousRateLimit: int(env.ANON_RATE_LIMIT, 300),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    jumpDomain:
      env.JUMP_DOMAIN?.trim()
        .toLowerCase()
        .replace(/^\.+|\.+$/g, '') || undefined,
    terminalIdleMinutes: int(env.TERMINAL_IDLE_MINUTES, 15),
    licensePublicKey: pemOrFile(env.LICENSE_PUBLIC_KEY),
    licenseTrialDays: int(env.LICENSE_TRIAL_DAYS, 90),
    network: {
      backend: networkBackend(env.NETWORK_BACKEND),
      networkdDir: env.NETWORKD_DIR || '/etc/systemd/network',
      interfacesFile: env.NETWORK_INTERFACES_FILE || '/etc/network/interfaces.d/edge-console',
      stateDir: env.NETWORK_STATE_DIR || undefined,
      resolvConf: env.RESOLV_CONF || '/etc/resolv.conf',
      namespace: env.NETWORK_NAMESPACE || undefined,
    },
    sdwanRelay: {
      endpoint: env.SDWAN_RELAY_ENDPOINT || undefined,
      namespace: env.SDWAN_RELAY_NAMESPACE || undefined,
    },
  };
}

function networkBackend(value: string | undefined): Config['network']['backend'] {
  if (!value || value === 'auto') return 'auto';
  if ((NETWORK_BACKENDS as readonly string[]).includes(value)) return value as NetworkBackendKind;
  throw new Error(`NETWORK_BACKEND must be auto, ${NETWORK_BACKENDS.join(' or ')} (got ${value})`);
}

/** A sustained rate with room for a burst of ten seconds' worth (an agent repeats its request every 10 s). */
export const burstOf = (perSecond: number) => ({ perSecond, burst: perSecond * 10 });
