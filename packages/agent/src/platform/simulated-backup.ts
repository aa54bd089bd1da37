/**
 * The simulated backup port: the device's own state (host name, secure mode, applied port types) packed
 * as the files a router would keep it in, in a tar.gz like a real one's, and read back on restore (paths
 * that leave their folder refused, as on a real device).
 */
import { gzipSync } from 'node:zlib';
import { writeTar, type DeviceArchive, type PortTypeWord, type SecureMode } from '@edge/protocol';
import { archiveEntries, type BackupPort } from '../ports/backup.ts';
import type { SimulatedSystem } from './simulated-system.ts';

const STATE_FILE = 'etc/edge/simulated.json';

interface SimulatedState {
  hostname: string;
  secureMode: SecureMode;
  portTypes: [string, PortTypeWord][];
}

export class SimulatedBackup implements BackupPort {
  constructor(private readonly device: SimulatedSystem) {}

  async archive(): Promise<DeviceArchive> {
    const { device } = this;
    const state: SimulatedState = {
      hostname: device.hostname,
      secureMode: device.secureMode,
      portTypes: [...device.appliedPortTypes],
    };
    const encoder = new TextEncoder();
    const tar = writeTar([
      {
        name: 'etc/config/system',
        data: encoder.encode(`config system\n\toption hostname '${state.hostname}'\n`),
      },
      { name: STATE_FILE, data: encoder.encode(JSON.stringify(state)) },
    ]);
    return { format: 'tar.gz', source: 'simulated', data: gzipSync(tar).toString('base64') };
  }

  async restore(archive: DeviceArchive): Promise<number> {
    const entries = archiveEntries(archive);
    const stateFile = entries.find((e) => e.name === STATE_FILE);
    if (stateFile) {
      const state = JSON.parse(new TextDecoder().decode(stateFile.data)) as SimulatedState;
      this.device.hostname = state.hostname;
      this.device.secureMode = state.secureMode;
      this.device.appliedPortTypes = new Map(state.portTypes);
    }
    return entries.length;
  }
}
