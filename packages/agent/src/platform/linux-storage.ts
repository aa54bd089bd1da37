/**
 * Volumes and network endpoints on the real engine (SPEC 2 volumes and network endpoint management): listed
 * with their sizes and users (the engine's disk usage report), created and removed through its API.
 */
import { messages, type NetworkView, type RpcArgs, type RpcResult, type VolumeView } from '@edge/protocol';
import { DockerEngine, EngineError } from './docker-engine.ts';
import { PlatformRefusal } from './platform.ts';

/** The engine's own networks: Docker's three, and Podman's default. */
const BUILT_IN = ['bridge', 'host', 'none', 'podman'];

/** The engine's refusal (a volume in use, a network with containers) in its own words. */
const refusal = (err: unknown) =>
  new PlatformRefusal('failed', err instanceof EngineError ? err.message : messages.deployFailed);

export async function volumes(
  engine: DockerEngine,
  args: RpcArgs<'containers.volume'>,
): Promise<RpcResult<'containers.volume'>> {
  try {
    if (args.action === 'create')
      await engine.json({ method: 'POST', path: '/volumes/create', body: { Name: args.name } });
    if (args.action === 'remove')
      await engine.json({ method: 'DELETE', path: `/volumes/${encodeURIComponent(args.name)}` });
  } catch (err) {
    throw refusal(err);
  }
  type Listed = { Name: string; Driver: string; UsageData?: { Size: number; RefCount: number } }[];
  const df = await engine
    .json<{ Volumes?: Listed }>({ path: '/system/df', timeoutMs: 60_000 })
    .catch(async () => {
      // Podman's disk report can fail while a container is being removed: the volumes and their users
      // then, without sizes.
      const [listed, containers] = await Promise.all([
        engine.json<{ Volumes?: { Name: string; Driver: string }[] }>({ path: '/volumes' }),
        engine.json<{ Mounts?: { Name?: string }[] }[]>({ path: '/containers/json?all=1' }),
      ]);
      const volumesOf: Listed = (listed.Volumes ?? []).map((v) => ({
        Name: v.Name,
        Driver: v.Driver,
        UsageData: {
          Size: -1,
          RefCount: containers.filter((c) => c.Mounts?.some((m) => m.Name === v.Name)).length,
        },
      }));
      return { Volumes: volumesOf };
    });
  const list: VolumeView[] = (df.Volumes ?? []).map((v) => ({
    name: v.Name,
    driver: v.Driver,
    sizeBytes: v.UsageData && v.UsageData.Size >= 0 ? v.UsageData.Size : null,
    inUse: Math.max(0, v.UsageData?.RefCount ?? 0),
  }));
  return { volumes: list.sort((a, b) => a.name.localeCompare(b.name)) };
}

export async function networks(
  engine: DockerEngine,
  args: RpcArgs<'containers.network'>,
): Promise<RpcResult<'containers.network'>> {
  try {
    if (args.action === 'create')
      await engine.json({
        method: 'POST',
        path: '/networks/create',
        body: {
          Name: args.endpoint.name,
          Driver: args.endpoint.driver,
          Options: args.endpoint.options,
          CheckDuplicate: true,
        },
      });
    if (args.action === 'remove') {
      if (BUILT_IN.includes(args.name))
        throw new EngineError(409, `${args.name} is the engine's own network.`);
      await engine.json({ method: 'DELETE', path: `/networks/${encodeURIComponent(args.name)}` });
    }
  } catch (err) {
    throw refusal(err);
  }
  const listed = await engine.json<
    {
      Name: string;
      Driver: string;
      Options?: Record<string, string>;
      IPAM?: { Config?: { Subnet?: string }[] };
    }[]
  >({ path: '/networks' });
  const list: NetworkView[] = listed.map((n) => ({
    name: n.Name,
    driver: n.Driver,
    options: n.Options ?? {},
    subnet: n.IPAM?.Config?.[0]?.Subnet ?? null,
    builtIn: BUILT_IN.includes(n.Name),
  }));
  return { networks: list.sort((a, b) => a.name.localeCompare(b.name)) };
}
