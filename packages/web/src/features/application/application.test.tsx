/**
 * The Application app's screens over a stubbed API and a live socket played by the test: the installed list
 * follows the console's pushes (no polling), and the template, registry and deploy forms check every field
 * with the protocol's rules before anything is sent, send what was typed, and confirm where SPEC 5 and 8 ask.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  APPLICATION_API,
  LIVE_CHANNELS,
  messages,
  type HypervisorResponse,
  type InstalledContainer,
  type RegistryView,
  type TemplateView,
} from '@edge/protocol';
import { renderWithProviders, stubFetch, type Routes } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import { ContainerTable } from './ContainerTable.tsx';
import { DeployModal } from './DeployModal.tsx';
import { HypervisorPanel } from './HypervisorPanel.tsx';
import { RegistriesPanel } from './RegistriesPanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';

const DEVICE = '0123456789abcdef';

const app = (state: InstalledContainer['state']): InstalledContainer => ({
  id: 'c1',
  name: 'web',
  image: 'demo/web:1',
  state,
  status: state === 'running' ? 'Up 2 minutes' : 'Exited (0)',
  ports: [{ hostPort: 8080, containerPort: 80, protocol: 'tcp' }],
  resource: 'low',
  managed: true,
  createdAt: 1,
  startedAt: 2,
  exitCode: state === 'exited' ? 0 : null,
  oomKilled: false,
  reason: null,
  cpuPercent: state === 'running' ? 1.5 : null,
  memoryBytes: null,
  memoryLimitBytes: 64 * 1024 * 1024,
});
const installedOf = (state: InstalledContainer['state'], offline = false) => ({
  deviceId: DEVICE,
  containers: [app(state)],
  capacity: { cpus: 2, memoryMb: 1536, reservedCpus: 0.25, reservedMemoryMb: 64 },
  offline,
  asOf: Date.UTC(2026, 0, 2, 3, 4, 5),
});

const template: TemplateView = {
  id: 7,
  appName: 'node-red',
  description: '',
  registryId: null,
  registryName: null,
  imageName: 'nodered/node-red',
  tag: '3.1',
  image: 'nodered/node-red:3.1',
  network: null,
  resource: 'medium',
  env: [],
  ports: [],
  volumes: [],
  icon: '',
  category: '',
  updatedAt: 1,
};

const registry: RegistryView = {
  id: 3,
  name: 'harbor',
  insecure: false,
  serverAddress: 'harbor.example.com:8443',
  username: 'robot',
  hasPassword: true,
  updatedAt: 1,
};

function renderWith(ui: React.ReactElement, routes: Routes) {
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo());
  renderWithProviders(ui, { queryClient });
  return stub;
}

const sent = (stub: ReturnType<typeof stubFetch>, method: string, path: string) =>
  stub.calls.filter((c) => c.method === method && c.url.split('?')[0] === `${APPLICATION_API}${path}`);

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the installed list', { timeout: 90_000 }, () => {
  it('is read once, then follows what the console pushes for the device', async () => {
    const stub = renderWith(<ContainerTable deviceId={DEVICE} />, {
      [`GET ${APPLICATION_API}/installed`]: () => ({ body: installedOf('running') }),
    });
    const row = await screen.findByTestId('container-row-web');
    expect(within(row).getByTestId('container-state')).toHaveTextContent('Running');
    const socket = FakeSocket.made[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ subscribe: { channel: LIVE_CHANNELS.containers, keys: [DEVICE] } }]);

    // The engine stopped it on the device: the console pushes the list again.
    socket.push({ channel: LIVE_CHANNELS.containers, key: DEVICE, data: installedOf('exited') });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('container-row-web')).getByTestId('container-state'),
      ).toHaveTextContent('Exited'),
    );
    // Another device's list is not this one's.
    socket.push({ channel: LIVE_CHANNELS.containers, key: 'ffffffffffffffff', data: installedOf('running') });
    expect(within(screen.getByTestId('container-row-web')).getByTestId('container-state')).toHaveTextContent(
      'Exited',
    );
    expect(sent(stub, 'GET', '/installed')).toHaveLength(1);
  });
});

describe('an offline device', { timeout: 90_000 }, () => {
  it('shows its last apps marked Offline with their time and no actions; refresh says so; back by itself', async () => {
    const answer = installedOf('running', true);
    // What asks the device itself (its volumes and networks) waits for it to be back.
    const onlineOnly = <div data-testid="online-only" />;
    const stub = renderWith(<ContainerTable deviceId={DEVICE} whileOnline={onlineOnly} />, {
      [`GET ${APPLICATION_API}/installed`]: () => ({ body: answer }),
    });
    // Not empty, not spinning: the apps it last showed, said to be so.
    const row = await screen.findByTestId('container-row-web');
    expect(within(row).getByTestId('container-state')).toHaveTextContent('Running');
    expect(screen.getByTestId('container-offline')).toHaveTextContent('Offline');
    expect(screen.getByTestId('container-stale')).toHaveTextContent(
      // The time as one isolated run, kept in order in right-to-left text.
      /last showed them at \u20682026-01-02 03:04:05\u2069/,
    );
    expect(within(row).queryByTestId('container-stop')).toBeNull();
    expect(within(row).queryByTestId('container-terminal-open')).toBeNull();
    expect(screen.queryByTestId('online-only')).toBeNull();

    // Refresh asks again; still offline, it says so in the console's words.
    await userEvent.click(screen.getByTestId('container-refresh'));
    expect(await screen.findByText(messages.deviceOffline)).toBeInTheDocument();
    expect(sent(stub, 'GET', '/installed')).toHaveLength(2);

    // Back online: the console pushes its own list, and the marks go with nobody asking.
    // A socket that opens again after a drop reads the list once more (still offline then); the push alone
    // brings it back. The drop is played here so the re-read happens however many sockets the page made before.
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.drop();
    await waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 5_000 });
    await waitFor(() => expect(screen.getByTestId('container-refresh')).not.toHaveClass('ant-btn-loading'));
    const readsBefore = sent(stub, 'GET', '/installed').length;
    const socket = FakeSocket.made[1]!;
    socket.open();
    await waitFor(() => expect(sent(stub, 'GET', '/installed')).toHaveLength(readsBefore + 1));
    await waitFor(() => expect(screen.getByTestId('container-refresh')).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByTestId('container-offline')).toBeInTheDocument();
    socket.push({ channel: LIVE_CHANNELS.containers, key: DEVICE, data: installedOf('running') });
    await waitFor(() => expect(screen.queryByTestId('container-offline')).toBeNull(), { timeout: 10_000 });
    expect(screen.queryByTestId('container-stale')).toBeNull();
    const back = screen.getByTestId('container-row-web');
    expect(within(back).getByTestId('container-stop')).toBeInTheDocument();
    expect(within(back).getByTestId('container-terminal-open')).toBeInTheDocument();
    expect(screen.getByTestId('online-only')).toBeInTheDocument();
  });
});

describe('the template form', { timeout: 90_000 }, () => {
  const routes = (): Routes => ({
    [`GET ${APPLICATION_API}/templates`]: () => ({ body: { list: [template] } }),
    [`GET ${APPLICATION_API}/registries`]: () => ({ body: { list: [registry] } }),
    [`POST ${APPLICATION_API}/templates`]: (body) => ({ body: { ...template, ...(body as object), id: 8 } }),
    [`PATCH ${APPLICATION_API}/templates`]: (body) => ({ body: { ...template, ...(body as object) } }),
    [`DELETE ${APPLICATION_API}/templates`]: () => ({ body: { message: messages.deleted } }),
  });

  it('refuses an image name, a variable name and a port beyond their rules; sends nothing', async () => {
    const stub = renderWith(<TemplatesPanel />, routes());
    await userEvent.click(await screen.findByTestId('template-add'));
    await userEvent.type(screen.getByTestId('template-appName'), 'shop');
    await userEvent.type(screen.getByTestId('template-imageName'), 'Upper/Case');
    const dialog = screen.getByTestId('template-form');
    const [envAdd, portAdd] = within(dialog).getAllByRole('button', { name: /Add/ });
    await userEvent.click(envAdd!);
    await userEvent.type(within(dialog).getByLabelText('Name'), '1BAD');
    await userEvent.click(portAdd!);
    await userEvent.type(within(dialog).getByLabelText('Host port'), '70000');
    await userEvent.type(within(dialog).getByLabelText('Container port'), '80');
    await userEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText(messages.imageNameFormat)).toBeInTheDocument();
    expect(await screen.findByText(messages.envNameFormat)).toBeInTheDocument();
    expect(await screen.findByText(messages.portRange)).toBeInTheDocument();
    expect(sent(stub, 'POST', '/templates')).toHaveLength(0);
  });

  it('sends every field typed, in the request shape', async () => {
    const stub = renderWith(<TemplatesPanel />, routes());
    await userEvent.click(await screen.findByTestId('template-add'));
    await userEvent.type(screen.getByTestId('template-appName'), 'shop');
    await userEvent.type(screen.getByTestId('template-imageName'), 'demo/shop');
    const tag = screen.getByTestId('template-tag');
    await userEvent.clear(tag);
    await userEvent.type(tag, '2.0');
    const dialog = screen.getByTestId('template-form');
    const [envAdd, portAdd] = within(dialog).getAllByRole('button', { name: /Add/ });
    await userEvent.click(envAdd!);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'TZ');
    await userEvent.type(within(dialog).getByLabelText('Value'), 'UTC');
    await userEvent.click(portAdd!);
    await userEvent.type(within(dialog).getByLabelText('Host port'), '8080');
    await userEvent.type(within(dialog).getByLabelText('Container port'), '80');
    await userEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(sent(stub, 'POST', '/templates')).toHaveLength(1));
    expect(sent(stub, 'POST', '/templates')[0]!.body).toMatchObject({
      appName: 'shop',
      imageName: 'demo/shop',
      tag: '2.0',
      resource: 'low',
      registryId: null,
      network: null,
      env: [{ name: 'TZ', value: 'UTC' }],
      ports: [{ hostPort: 8080, containerPort: 80, protocol: 'tcp' }],
      volumes: [],
    });
    expect(await screen.findByText(messages.saved)).toBeInTheDocument();
  });

  it('edit asks first, then sends', async () => {
    const stub = renderWith(<TemplatesPanel />, routes());
    await userEvent.click(await screen.findByTestId('template-edit'));
    const tag = screen.getByTestId('template-tag');
    await userEvent.clear(tag);
    await userEvent.type(tag, '3.2');
    await userEvent.click(screen.getByTestId('template-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sent(stub, 'PATCH', '/templates')).toHaveLength(1));
    expect(sent(stub, 'PATCH', '/templates')[0]!.body).toMatchObject({
      tag: '3.2',
      imageName: template.imageName,
    });
    expect(sent(stub, 'PATCH', '/templates')[0]!.url).toContain('id=7');
  });

  it('delete asks first, then deletes', async () => {
    const stub = renderWith(<TemplatesPanel />, routes());
    await userEvent.click(await screen.findByTestId('template-delete'));
    expect(await screen.findByText('Are you sure you want to delete this template?')).toBeInTheDocument();
    expect(sent(stub, 'DELETE', '/templates')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(sent(stub, 'DELETE', '/templates')).toHaveLength(1));
    expect(sent(stub, 'DELETE', '/templates')[0]!.url).toContain('id=7');
  });
});

describe('the registry form', { timeout: 90_000 }, () => {
  const routes = (): Routes => ({
    [`GET ${APPLICATION_API}/registries`]: () => ({ body: { list: [registry] } }),
    [`POST ${APPLICATION_API}/registries`]: (body) => ({ body: { ...registry, ...(body as object), id: 4 } }),
    [`PATCH ${APPLICATION_API}/registries`]: (body) => ({ body: { ...registry, ...(body as object) } }),
    [`DELETE ${APPLICATION_API}/registries`]: () => ({ body: { message: messages.deleted } }),
  });

  it('refuses a server address with a scheme; sends a good one with its password', async () => {
    const stub = renderWith(<RegistriesPanel />, routes());
    await userEvent.click(await screen.findByTestId('registry-add'));
    await userEvent.type(screen.getByTestId('registry-name'), 'local');
    await userEvent.type(screen.getByTestId('registry-address'), 'https://registry.example.com');
    await userEvent.click(screen.getByTestId('registry-save'));
    expect(await screen.findByText(messages.registryAddressFormat)).toBeInTheDocument();
    expect(sent(stub, 'POST', '/registries')).toHaveLength(0);

    const address = screen.getByTestId('registry-address');
    await userEvent.clear(address);
    await userEvent.type(address, '127.0.0.1:5000');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Insecure (HTTP)' }));
    await userEvent.type(screen.getByLabelText('Login user'), 'deployer');
    await userEvent.type(screen.getByLabelText('Password or token'), 's3cret');
    await userEvent.click(screen.getByTestId('registry-save'));
    await waitFor(() => expect(sent(stub, 'POST', '/registries')).toHaveLength(1));
    expect(sent(stub, 'POST', '/registries')[0]!.body).toEqual({
      name: 'local',
      serverAddress: '127.0.0.1:5000',
      insecure: true,
      username: 'deployer',
      password: 's3cret',
    });
  });

  it('an edit left without a password keeps the stored one: none is sent', async () => {
    const stub = renderWith(<RegistriesPanel />, routes());
    await userEvent.click(await screen.findByTestId('registry-edit'));
    const name = screen.getByTestId('registry-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'harbor-2');
    await userEvent.click(screen.getByTestId('registry-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sent(stub, 'PATCH', '/registries')).toHaveLength(1));
    const body = sent(stub, 'PATCH', '/registries')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'harbor-2', serverAddress: registry.serverAddress });
    expect(body).not.toHaveProperty('password');
    expect(await screen.findByText(messages.registryEdited)).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('registry-delete'));
    await userEvent.click((await screen.findAllByTestId('confirm-ok')).at(-1)!);
    await waitFor(() => expect(sent(stub, 'DELETE', '/registries')).toHaveLength(1));
  });
});

describe('the deploy form', { timeout: 90_000 }, () => {
  const routes = (): Routes => ({
    [`GET ${APPLICATION_API}/devices`]: () => ({
      body: {
        list: [{ id: DEVICE, name: 'gw-1', sn: 'SN1', model: 'EG-8P', online: true }],
        groups: [{ id: 5, name: 'plant' }],
      },
    }),
    [`POST ${APPLICATION_API}/deploy`]: () => ({ body: { job: { id: 42 }, steps: [] } }),
  });

  it('needs a device or a group; refuses a bad container name; asks before installing anyway', async () => {
    const onStarted = vi.fn();
    const stub = renderWith(
      <DeployModal
        template={template}
        onNames={() => undefined}
        onStarted={onStarted}
        onClose={() => undefined}
      />,
      routes(),
    );
    await userEvent.click(screen.getByTestId('deploy-save'));
    expect(await screen.findByText(messages.deployDevicesRequired)).toBeInTheDocument();

    const name = screen.getByTestId('deploy-name');
    await userEvent.clear(name);
    await userEvent.type(name, '-bad name');
    await userEvent.click(screen.getByTestId('app-devices').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('gw-1 (SN1)'));
    await userEvent.click(screen.getByTestId('deploy-save'));
    expect(await screen.findByText(messages.appNameFormat)).toBeInTheDocument();
    expect(sent(stub, 'POST', '/deploy')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'red-1');
    await userEvent.click(screen.getByTestId('deploy-anyway'));
    await userEvent.click(screen.getByTestId('deploy-save'));
    expect(await screen.findByText(/runs once they are free/)).toBeInTheDocument();
    expect(sent(stub, 'POST', '/deploy')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, install it!' }));
    await waitFor(() => expect(sent(stub, 'POST', '/deploy')).toHaveLength(1));
    expect(sent(stub, 'POST', '/deploy')[0]!.body).toEqual({
      templateId: template.id,
      name: 'red-1',
      installAnyway: true,
      deviceIds: [DEVICE],
    });
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(42));
  });
});

describe('the hypervisor view', { timeout: 90_000 }, () => {
  const view = (over: Partial<HypervisorResponse> = {}): HypervisorResponse => ({
    deviceId: DEVICE,
    name: 'gw-1',
    model: 'EG-8P PoE Edge Gateway',
    online: true,
    health: {
      reportedAt: 1,
      upTime: 2 * 86_400 + 3600,
      cpu: { cores: 4, usage: 12.5, temperature: 48 },
      memory: { total: 2 * 1024 ** 3, used: 1024 ** 3 },
      disk: { total: 8 * 1024 ** 3, used: 2 * 1024 ** 3 },
      loadLevel: 'Low',
    },
    networkCards: [
      { name: 'eth0', kind: 'ethernet', rxBytes: 1, txBytes: 2, rxMbps: 3.25, txMbps: 1, up: true },
    ],
    engine: {
      name: 'Podman Engine',
      version: '4.3.1',
      apiVersion: '4.3.1',
      os: 'Debian GNU/Linux 12',
      kernel: '6.1.0',
      storageDriver: 'overlay',
      cgroupDriver: 'systemd',
      cgroupVersion: '2',
      dataRoot: '/var/lib/containers/storage',
      cpus: 4,
      memoryBytes: 2 * 1024 ** 3,
      images: 3,
      containers: { running: 2, paused: 0, stopped: 1 },
      disk: { images: 60 * 1024 ** 2, containers: 1024 ** 2, volumes: 4 * 1024 ** 2 },
    },
    unreachable: null,
    ...over,
  });
  const routes = (answer: HypervisorResponse): Routes => ({
    [`GET ${APPLICATION_API}/devices`]: () => ({
      body: { list: [{ id: DEVICE, name: 'gw-1', sn: 'SN1', model: 'EG-8P', online: true }], groups: [] },
    }),
    [`GET ${APPLICATION_API}/hypervisor`]: () => ({ body: answer }),
    [`GET ${APPLICATION_API}/installed`]: () => ({ body: installedOf('running') }),
  });
  const pick = async () => {
    await userEvent.click(screen.getByTestId('hypervisor-device').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('gw-1 (SN1)'));
  };

  it("shows the device's health, network cards, engine and apps", async () => {
    const stub = renderWith(<HypervisorPanel />, routes(view()));
    await pick();
    const engine = await screen.findByTestId('hypervisor-engine');
    expect(engine).toHaveTextContent('Podman Engine 4.3.1');
    expect(engine).toHaveTextContent('systemd v2');
    expect(engine).toHaveTextContent('/var/lib/containers/storage');
    expect(engine).toHaveTextContent('2 running, 0 paused, 1 stopped');
    const health = screen.getByTestId('hypervisor-health');
    expect(health).toHaveTextContent('Online');
    expect(health).toHaveTextContent('12.5 % of 4 cores');
    expect(health).toHaveTextContent('2d 1h 0m');
    expect(within(screen.getByTestId('hypervisor-cards')).getByText('eth0')).toBeInTheDocument();
    expect(await screen.findByTestId('container-row-web')).toBeInTheDocument();
    expect(sent(stub, 'GET', '/hypervisor')[0]!.url).toContain(`deviceId=${DEVICE}`);
  });

  it('an engine that cannot be asked is said, the rest still shown', async () => {
    renderWith(
      <HypervisorPanel />,
      routes(view({ online: false, engine: null, unreachable: messages.deviceOffline })),
    );
    await pick();
    expect(await screen.findByTestId('hypervisor-unreachable')).toHaveTextContent(messages.deviceOffline);
    expect(screen.getByTestId('hypervisor-health')).toHaveTextContent('Offline');
    expect(screen.queryByTestId('hypervisor-engine')).toBeNull();
  });
});
