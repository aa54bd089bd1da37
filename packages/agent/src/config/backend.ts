/**
 * What the configuration engine needs from the machine: make a set of section documents the device's
 * configuration. The real agent renders OpenWrt files and reloads services (linux-backend.ts); the
 * simulator only judges whether the result still reaches the console (simulated-backend.ts).
 */
import type { SectionDocs, SectionKey } from '@edge/protocol';

export interface ApplyEffect {
  /**
   * False when the device can no longer reach the console with this configuration. Only the simulator
   * knows beforehand; a real device finds out when its connection drops, so its backend says true.
   */
  reachable: boolean;
}

export interface ConfigBackend {
  /** Makes `docs` (every section) the configuration in force; `changed` names the section that changed. */
  apply(docs: SectionDocs, changed: SectionKey): Promise<ApplyEffect>;
  /**
   * The sections the device's own files now hold differently from `docs`, i.e. edited on the device.
   * Backends that cannot tell leave it out.
   */
  localChanges?(docs: SectionDocs): Promise<Partial<SectionDocs>>;
  /**
   * What the device holds before the console sets anything, where that is not SPEC 9's defaults: its own
   * name and the Ethernet ports it has. Reported as is, so the console starts from the device in front of it.
   */
  readonly factory?: Partial<SectionDocs>;
  /** Whether debug.setLocal may change sections (the simulator's stand-in for a local administrator). */
  readonly allowsLocalEdits: boolean;
}
