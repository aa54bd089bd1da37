/**
 * A document kept as its JSON text and parsed when read. A device's latest telemetry (interfaces, ports,
 * clients, containers: 35 objects and 68 strings for a simulated router) is replaced every report interval
 * and read only when someone opens that device. Kept as objects, each one lived long enough to reach the old
 * generation, so 10,000 devices left about a million objects there to mark and move per interval, and the
 * fleet benchmark's longest event-loop stalls under load were those collections. As text it is one string
 * the collector does not trace into (live heap at 10,000 devices: 197 -> 181-188 MiB), and a flat one: as
 * JSON.stringify leaves it, it is a tree of pieces (see flat-string.ts).
 */
import { flatString } from './flat-string.ts';

export class PackedJson<T> {
  private readonly text: string;

  constructor(value: T) {
    this.text = flatString(JSON.stringify(value));
  }

  read(): T {
    return JSON.parse(this.text) as T;
  }
}
