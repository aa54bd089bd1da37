/**
 * Starts the demo exactly as `npm start` does (console + simulated fleet) on a throwaway data directory,
 * a known admin password and a random port on 127.0.0.1; workers inherit its address through the environment.
 */
import { generateLicenseKeys } from '@edge/server/license-signing';
import { startDemo } from './demo-process.ts';
import { hostNetwork } from './host-network.ts';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_DEVICES } from './tests/fixtures.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The console trusts a licence key made for this run; the License spec signs with its private half.
  const licenseKeys = generateLicenseKeys();
  process.env.E2E_LICENSE_KEY = licenseKeys.privateKeyPem;
  // Settings > Network changes a namespace of this run, not the machine's own network.
  const network = hostNetwork();
  process.env.E2E_NETWORK_LINK = network.link;
  process.env.E2E_NETWORK_SUBNET = network.subnet;
  const demo = await startDemo({
    adminPassword: E2E_ADMIN_PASSWORD,
    devices: E2E_DEMO_DEVICES,
    // Compiling the demo through tsx took over a minute on a loaded 2-core machine.
    timeoutMs: 180_000,
    // A device that cut itself off rolls back after 8 s instead of 90 s, so the rollback test is quick.
    // The demo's OrpheLink network is left out: the other specs drive the devices it would take.
    env: {
      CONFIG_CONFIRM_TIMEOUT_MS: '8000',
      LICENSE_PUBLIC_KEY: licenseKeys.publicKeyPem,
      DEMO_SDWAN: '0',
      // No random drop-outs: a device gone at random fails the spec driving it (backup.spec's restore).
      DEMO_DROPOUTS_PER_DAY: '0',
      ...network.env,
    },
  });
  process.env.E2E_BASE_URL = demo.url;
  process.env.E2E_DEMO_DATA_DIR = demo.dataDir;
  return async () => {
    await demo.stop();
    network.remove();
  };
}
