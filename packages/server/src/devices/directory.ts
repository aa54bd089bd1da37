/** The devices as the other features see them (DeviceDirectory): the registry's reads and the changes' news. */
import type { DeviceChanges } from './changes.ts';
import type { DeviceRegistry } from './registry.ts';
import type { GroupService } from './groups.ts';
import type { DeviceActions } from './actions.ts';
import type { IngestCounter } from './ingest.ts';
import type { DeviceDirectory } from './services.ts';

export function deviceDirectory(parts: {
  registry: DeviceRegistry;
  changes: DeviceChanges;
  ingest: IngestCounter;
  groups: GroupService;
  actions: DeviceActions;
}): DeviceDirectory {
  const { registry, changes } = parts;
  return {
    get: registry.get,
    list: registry.list,
    scan: registry.all,
    membership: registry.membership,
    recordsVersion: registry.recordsVersion,
    counts: () => registry.counts(),
    update: (id, patch) => registry.update(id, patch),
    updateMany: (ids, patch) => registry.updateMany(ids, patch),
    setLicenseLocks: (locked) => registry.setLicenseLocks(locked),
    onChange: (listener) => changes.on(listener),
    ingest: parts.ingest.snapshot,
    groups: parts.groups,
    actions: parts.actions,
  };
}
