/**
 * Container registries (SPEC 3 Registry): their passwords or tokens sealed with the console's key, never
 * answered; a test login against the registry's API (/v2/, basic auth, or the bearer-token dance Docker Hub
 * and others ask for); and the credentials a deploy step hands a device, opened only then.
 */
import type { z } from 'zod';
import type { RegistryView, registryInput } from '@edge/protocol';
import type { Secrets } from '../crypto/secrets.ts';
import { fail } from '../http/errors.ts';
import { registryView, type ApplicationStore } from './store.ts';

const PURPOSE = 'application.registry';
type RegistryInput = z.output<typeof registryInput>;

/** How long a test login may take before it counts as failed. */
const LOGIN_TIMEOUT_MS = 10_000;

export function registryService(store: ApplicationStore, secrets: Secrets) {
  async function existing(id: number) {
    const row = await store.registry(id);
    if (!row) throw fail(404, 'notFound');
    return row;
  }

  async function nameFree(name: string, except?: number) {
    const other = await store.registryByName(name);
    if (other && other.id !== except) throw fail(409, 'registryNameTaken');
  }

  const seal = (password: string | undefined) => (password ? secrets.seal(password, PURPOSE) : null);

  return {
    list: async (): Promise<RegistryView[]> => (await store.registries()).map(registryView),

    async create(input: RegistryInput): Promise<RegistryView> {
      await nameFree(input.name);
      const id = await store.createRegistry(input, seal(input.password), Date.now());
      return registryView(await existing(id));
    },

    async edit(id: number, input: RegistryInput): Promise<RegistryView> {
      await existing(id);
      await nameFree(input.name, id);
      // No password given: the stored one stays; an empty one removes it.
      const sealed = input.password === undefined ? undefined : seal(input.password);
      await store.updateRegistry(id, input, sealed, Date.now());
      return registryView(await existing(id));
    },

    async remove(id: number): Promise<void> {
      await existing(id);
      if (await store.templatesUsing(id)) throw fail(409, 'registryInUse');
      await store.deleteRegistry(id);
    },

    /** The credentials a device pulls with; undefined for a registry without a login. */
    async credentials(id: number) {
      const row = await existing(id);
      if (!row.username && !row.password_sealed) return undefined;
      return {
        serveraddress: row.server_address,
        username: row.username,
        password: row.password_sealed ? secrets.open(row.password_sealed, PURPOSE) : '',
      };
    },

    /** Logs in to the registry's API as a device would; throws registryLoginFailed with why. */
    async testLogin(id: number): Promise<void> {
      const row = await existing(id);
      const auth = await this.credentials(id);
      const basic = auth
        ? `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
        : undefined;
      const base = `${row.insecure ? 'http' : 'https'}://${row.server_address}/v2/`;
      const get = (url: string) =>
        fetch(url, {
          headers: basic ? { Authorization: basic } : {},
          signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
        });
      let status: number;
      try {
        const first = await get(base);
        status = first.status;
        const challenge = first.headers.get('www-authenticate') ?? '';
        // Token registries answer 401 with where to get a token for these credentials.
        if (status === 401 && challenge.toLowerCase().startsWith('bearer')) {
          const realm = /realm="([^"]+)"/.exec(challenge)?.[1];
          const service = /service="([^"]+)"/.exec(challenge)?.[1];
          if (realm)
            status = (await get(`${realm}${service ? `?service=${encodeURIComponent(service)}` : ''}`))
              .status;
        }
      } catch (err) {
        throw fail(400, 'registryLoginFailed', `Login to the registry failed: ${(err as Error).message}`);
      }
      if (status !== 200)
        throw fail(400, 'registryLoginFailed', `Login to the registry failed: HTTP ${status}.`);
    },
  };
}
export type RegistryService = ReturnType<typeof registryService>;
