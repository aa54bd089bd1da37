/** Settings > Network: the host's interfaces, the ports the console is served on, and its certificate. */
import os from 'node:os';
import type { CertificateUpload, NetworkPorts, NetworkState } from '@edge/protocol';
import type { KeyValueStore } from '../db/key-value.ts';
import { defaultGateway, resolvers, type HostCommands } from './host.ts';
import type { InterfacesService } from './interfaces.ts';
import type { ConsoleListeners } from './listeners.ts';
import { selfSigned } from '@edge/protocol/self-signed';
import type { TlsStore } from './tls.ts';

const PORTS_KEY = 'network.ports';
const DEFAULT_HTTPS_PORT = 8443;

export function networkService(deps: {
  host: HostCommands;
  interfaces: InterfacesService;
  settings: KeyValueStore;
  tls: TlsStore;
  listeners: ConsoleListeners;
  resolvConf: string;
}) {
  const { host, interfaces, settings, tls, listeners } = deps;

  async function ports(): Promise<NetworkPorts> {
    const stored = await settings.get<NetworkPorts>(PORTS_KEY);
    return {
      httpPort: listeners.httpPort() ?? stored?.httpPort ?? 0,
      httpsPort: stored?.httpsPort ?? DEFAULT_HTTPS_PORT,
      httpsEnabled: stored?.httpsEnabled ?? false,
      redirectHttp: stored?.redirectHttp ?? false,
    };
  }

  async function state(): Promise<NetworkState> {
    const list = await interfaces.interfaces();
    return {
      interfaces: list,
      gateway4: await defaultGateway(host, '-4'),
      gateway6: await defaultGateway(host, '-6'),
      dns: await resolvers(deps.resolvConf),
      canApply: await interfaces.available(),
      pending: await interfaces.pendingChange(),
      ports: { ...(await ports()), certificate: await tls.info() },
    };
  }

  /** A self-signed certificate naming this host and every address it holds. */
  async function generate(): Promise<void> {
    const addresses = (await interfaces.interfaces()).flatMap((i) => [...i.ipv4, ...i.ipv6]);
    const pair = await selfSigned(os.hostname(), ['127.0.0.1', ...addresses.map((a) => a.address)]);
    await tls.save('generated', pair);
  }

  /** Serves what the stored ports say; HTTPS without a certificate yet gets a generated one. */
  async function serve(wanted: NetworkPorts): Promise<void> {
    if (wanted.httpsEnabled && !(await tls.info())) await generate();
    await listeners.moveHttp(wanted.httpPort);
    await listeners.serveHttps(
      wanted.httpsEnabled ? wanted.httpsPort : null,
      await tls.pair(),
      wanted.redirectHttp,
    );
  }

  return {
    state,

    /** At start: the ports last saved, when some were. */
    async resume() {
      const stored = await settings.get<NetworkPorts>(PORTS_KEY);
      if (stored) await serve(stored);
    },

    async savePorts(wanted: NetworkPorts) {
      await serve(wanted);
      await settings.put(PORTS_KEY, wanted);
      return state();
    },

    async uploadCertificate(upload: CertificateUpload) {
      await tls.save('uploaded', upload);
      await serve(await ports());
      return state();
    },

    async generateCertificate() {
      await generate();
      await serve(await ports());
      return state();
    },
  };
}

export type NetworkService = ReturnType<typeof networkService>;
