/**
 * Settings > Network on a host that runs systemd-networkd: the real systemd-networkd runs in a network
 * namespace this test makes, in a mount namespace of its own (its .network directory is the test's, its /run
 * a private one), on a private D-Bus system bus that `networkctl` reaches through DBUS_SYSTEM_BUS_ADDRESS.
 * Through the API, a static address is applied from a .network file and rolled back when not confirmed; a
 * confirmed one stays; DHCP takes the lease of a real DHCP server (dnsmasq in a namespace of its own) and a
 * rollback puts the confirmed file and address back. The backend is the one the host runs, unless forced.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkInterfaceConfig, NetworkState } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { startListeningConsole, waitFor } from '../testing/devices.ts';
import { detectBackend } from './backend.ts';

const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-debian-packages.sh');
const TOOLS = [
  '/lib/systemd/systemd-networkd=systemd',
  '/usr/bin/networkctl=systemd',
  '/usr/bin/dbus-daemon=dbus',
  '/usr/sbin/dnsmasq=dnsmasq-base',
  '/usr/bin/ping=iputils-ping',
];

const ip = (...args: string[]) => execFileSync('ip', args, { encoding: 'utf8' });
const addressesIn = (namespace: string, link: string) =>
  (
    JSON.parse(ip('-j', '-n', namespace, '-4', 'addr', 'show', 'dev', link)) as {
      addr_info: { local: string; prefixlen: number; scope: string }[];
    }[]
  )[0]?.addr_info
    .filter((a) => a.scope === 'global')
    .map((a) => `${a.local}/${a.prefixlen}`) ?? [];

const config = (name: string, ipv4: NetworkInterfaceConfig['ipv4']): NetworkInterfaceConfig => ({
  name,
  ipv4,
  ipv6: { status: 'linkLocal', iPAddress: '', prefixLength: 64, gateway: '' },
  dns: { status: 'auto', primaryDNSServer: '', secondaryDNSServer: '' },
});

/** A system bus of the test's own: anyone on it may own names and call anyone (the test is root). */
const BUS_POLICY = (
  socket: string,
) => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
    <allow receive_type="method_return"/>
    <allow receive_type="signal"/>
    <allow receive_type="error"/>
  </policy>
</busconfig>
`;

describe('Settings > Network through systemd-networkd (a namespace of its own)', () => {
  const tag = randomBytes(3).toString('hex');
  const namespace = `edge-nd-${tag}`;
  const serverNamespace = `edge-nds-${tag}`;
  const link = `ndl${tag}`;
  const serverLink = `nds${tag}`;
  // A second cable, which the host's own .network file configures before the console takes it over.
  const hostLink = `ndh${tag}`;
  const n = 100 + Math.floor(Math.random() * 150);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-networkd-'));
  const networkDir = path.join(work, 'network');
  const leases = path.join(work, 'dnsmasq.leases');
  const children: ChildProcess[] = [];
  const output: string[] = [];
  let edge: TestConsole;
  let admin: Caller;
  const busBefore = process.env.DBUS_SYSTEM_BUS_ADDRESS;

  const started = (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => output.push(`${path.basename(args[3] ?? command)}: ${d.toString()}`);
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    execFileSync('bash', [ENSURE, ...TOOLS], { stdio: 'inherit' });
    // networkd reads its files as its own user (systemd-network).
    fs.chmodSync(work, 0o755);
    fs.mkdirSync(networkDir, { mode: 0o755 });
    fs.mkdirSync(path.join(work, 'empty'), { mode: 0o755 });
    ip('netns', 'add', namespace);
    ip('netns', 'add', serverNamespace);
    ip('-n', namespace, 'link', 'set', 'lo', 'up');
    ip('-n', serverNamespace, 'link', 'set', 'lo', 'up');
    ip('-n', namespace, 'link', 'add', link, 'type', 'veth', 'peer', 'name', serverLink);
    ip('-n', namespace, 'link', 'set', serverLink, 'netns', serverNamespace);
    ip('-n', namespace, 'addr', 'add', `10.${n}.8.2/24`, 'dev', link);
    ip('-n', namespace, 'link', 'set', link, 'up');
    ip('-n', serverNamespace, 'addr', 'add', `10.${n}.8.1/24`, 'dev', serverLink);
    ip('-n', serverNamespace, 'link', 'set', serverLink, 'up');
    ip('-n', namespace, 'link', 'add', hostLink, 'type', 'veth', 'peer', 'name', `ndp${tag}`);
    ip('-n', namespace, 'link', 'set', `ndp${tag}`, 'netns', serverNamespace);
    ip('-n', namespace, 'link', 'set', hostLink, 'up');
    ip('-n', serverNamespace, 'link', 'set', `ndp${tag}`, 'up');

    const socket = path.join(work, 'system_bus_socket');
    fs.writeFileSync(path.join(work, 'bus.conf'), BUS_POLICY(socket));
    started('dbus-daemon', [`--config-file=${path.join(work, 'bus.conf')}`, '--nofork', '--nopidfile']);
    await waitFor(() => fs.existsSync(socket), 'the private system bus', 10_000);
    process.env.DBUS_SYSTEM_BUS_ADDRESS = `unix:path=${socket}`;
    // networkd sees the test's directory as /etc/systemd/network and none of the distribution's own files; it
    // keeps its state in a private /run; a read-only /sys tells it no udev is there to wait for.
    const mounts = [
      `mount --bind ${networkDir} /etc/systemd/network`,
      `mount --bind ${path.join(work, 'empty')} /usr/lib/systemd/network`,
      'mount -t tmpfs tmpfs /run',
      'mkdir -p /run/systemd/netif/links /run/systemd/netif/leases /run/systemd/netif/lldp',
      'chown -R systemd-network:systemd-network /run/systemd/netif',
      'mount -o remount,ro /sys',
      'exec /lib/systemd/systemd-networkd',
    ].join(' && ');
    started('ip', ['netns', 'exec', namespace, 'unshare', '-m', 'sh', '-c', mounts]);
    await waitFor(
      () => {
        try {
          execFileSync('ip', ['netns', 'exec', namespace, 'networkctl', 'reload'], { stdio: 'pipe' });
          return true;
        } catch {
          return false;
        }
      },
      'systemd-networkd on the bus',
      20_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${output.join('')}`);
    });
    started('ip', [
      ...['netns', 'exec', serverNamespace, 'dnsmasq', '--keep-in-foreground', '--conf-file=/dev/null'],
      ...['--port=0', `--interface=${serverLink}`, '--bind-interfaces', '--user=root'],
      `--pid-file=${path.join(work, 'dnsmasq.pid')}`,
      `--dhcp-leasefile=${leases}`,
      `--dhcp-range=10.${n}.8.100,10.${n}.8.199,255.255.255.0,1h`,
      '--dhcp-option=option:router',
    ]);
    fs.writeFileSync(path.join(work, 'resolv.conf'), 'nameserver 10.0.0.53\n');
    edge = await startListeningConsole('sqlite', {
      network: {
        backend: 'networkd',
        networkdDir: networkDir,
        interfacesFile: path.join(work, 'interfaces'),
        stateDir: undefined,
        resolvConf: path.join(work, 'resolv.conf'),
        namespace,
      },
    });
    admin = caller(edge, await signIn(edge));
  }, 90_000);

  afterAll(async () => {
    await edge?.destroy();
    for (const child of children.reverse()) child.kill();
    if (busBefore === undefined) delete process.env.DBUS_SYSTEM_BUS_ADDRESS;
    else process.env.DBUS_SYSTEM_BUS_ADDRESS = busBefore;
    for (const made of [namespace, serverNamespace])
      try {
        ip('netns', 'del', made);
      } catch {
        // Not made.
      }
    fs.rmSync(work, { recursive: true, force: true });
  });

  const state = async () => (await admin('GET', '/api/v1/settings/network')).json<NetworkState>();
  const fileText = () => fs.readFileSync(path.join(networkDir, `10-edge-console-${link}.network`), 'utf8');
  const staticAt = (address: string) =>
    config(link, { status: 'static', iPAddress: address, mask: '255.255.255.0', gateway: `10.${n}.8.1` });

  it('is the backend a host running networkd gets, unless one is named', () => {
    const run = path.join(work, 'run');
    expect(detectBackend(run)).toBe('ifupdown');
    fs.mkdirSync(path.join(run, 'systemd', 'netif'), { recursive: true });
    expect(detectBackend(run)).toBe('ifupdown');
    fs.writeFileSync(path.join(run, 'systemd', 'netif', 'state'), 'OPER_STATE=routable\n');
    expect(detectBackend(run)).toBe('networkd');
  });

  it('applies a .network file and rolls it back when not confirmed in its window', async () => {
    const shown = await state();
    expect(shown.canApply).toBe(true);
    expect(shown.interfaces.find((i) => i.name === link)).toMatchObject({ config: null });
    const applied = await admin('POST', '/api/v1/settings/network/apply', {
      config: staticAt(`10.${n}.8.7`),
      confirmSeconds: 5,
    });
    expect(applied.statusCode, `${applied.body}\n${output.join('')}`).toBe(200);
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.8.7/24`]);
    // The other end reaches the new address: networkd really configured the interface.
    execFileSync('ip', ['netns', 'exec', serverNamespace, 'ping', '-c', '1', '-W', '2', `10.${n}.8.7`]);
    expect(fileText()).toContain(`[Match]\nName=${link}\n`);
    expect(fileText()).toContain(`Address=10.${n}.8.7/24\nGateway=10.${n}.8.1`);

    await waitFor(async () => (await state()).pending === null, 'the window to end', 20_000);
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.8.2/24`]);
    expect(fs.readdirSync(networkDir)).toEqual([]);
  }, 60_000);

  it('gives networkd a static IPv6 address and resolvers by hand', async () => {
    const v6 = { ...staticAt(`10.${n}.8.8`) };
    v6.ipv6 = { status: 'static', iPAddress: `fd00:${n}::8`, prefixLength: 64, gateway: `fd00:${n}::1` };
    v6.dns = { status: 'manual', primaryDNSServer: '9.9.9.9', secondaryDNSServer: `fd00:${n}::53` };
    const applied = await admin('POST', '/api/v1/settings/network/apply', { config: v6, confirmSeconds: 60 });
    expect(applied.statusCode, `${applied.body}\n${output.join('')}`).toBe(200);
    expect(fileText()).toContain(
      `DNS=9.9.9.9\nDNS=fd00:${n}::53\n\n[Address]\nAddress=fd00:${n}::8/64\nDuplicateAddressDetection=none`,
    );
    const shown = (await state()).interfaces.find((i) => i.name === link)!;
    expect(shown.ipv6).toContainEqual({ address: `fd00:${n}::8`, prefix: 64 });
    expect(ip('-n', namespace, '-6', 'route', 'show', 'default')).toContain(`via fd00:${n}::1 dev ${link}`);
    expect((await admin('POST', '/api/v1/settings/network/rollback')).statusCode).toBe(200);
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.8.2/24`]);
    expect(ip('-n', namespace, '-6', 'addr', 'show', 'dev', link)).not.toContain(`fd00:${n}::8`);
  }, 60_000);

  it('keeps a confirmed file; DHCP takes the real server’s lease, and a rollback puts the file back', async () => {
    await admin('POST', '/api/v1/settings/network/apply', { config: staticAt(`10.${n}.8.9`) });
    expect((await admin('POST', '/api/v1/settings/network/confirm')).statusCode).toBe(200);
    const confirmed = fileText();
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.8.9/24`]);

    const dhcp = await admin('POST', '/api/v1/settings/network/apply', {
      config: config(link, { status: 'dhcp', iPAddress: '', mask: '', gateway: '' }),
      confirmSeconds: 120,
    });
    expect(dhcp.statusCode, `${dhcp.body}\n${output.join('')}`).toBe(200);
    expect(fileText()).toContain('DHCP=ipv4');
    const mac = JSON.parse(ip('-j', '-n', namespace, 'link', 'show', 'dev', link))[0].address as string;
    const leased = fs
      .readFileSync(leases, 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((fields) => fields[1] === mac)?.[2];
    expect(leased, output.join('')).toMatch(new RegExp(`^10\\.${n}\\.8\\.1\\d\\d$`));
    expect(addressesIn(namespace, link)).toEqual([`${leased}/24`]);
    expect((await state()).interfaces.find((i) => i.name === link)).toMatchObject({
      ipv4: [{ address: leased, prefix: 24 }],
      config: { ipv4: { status: 'dhcp' } },
    });

    expect((await admin('POST', '/api/v1/settings/network/rollback')).statusCode).toBe(200);
    expect(fileText()).toBe(confirmed);
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.8.9/24`]);
    expect((await state()).interfaces.find((i) => i.name === link)?.config?.ipv4).toMatchObject({
      status: 'static',
      iPAddress: `10.${n}.8.9`,
    });
  }, 90_000);

  it("hands an interface back to the host's own .network file on rollback", async () => {
    const hostFile = path.join(networkDir, `20-host-${hostLink}.network`);
    const hostText = `[Match]\nName=${hostLink}\n\n[Network]\nAddress=10.${n}.9.3/24\nLinkLocalAddressing=ipv6\n`;
    fs.writeFileSync(hostFile, hostText, { mode: 0o644 });
    execFileSync('ip', ['netns', 'exec', namespace, 'networkctl', 'reload'], { stdio: 'pipe' });
    await waitFor(
      () => addressesIn(namespace, hostLink).join() === `10.${n}.9.3/24`,
      "the host's file in force",
      20_000,
    );
    expect((await state()).interfaces.find((i) => i.name === hostLink)?.config).toBeNull();

    // The console's file sorts first, so it is the one networkd takes.
    const applied = await admin('POST', '/api/v1/settings/network/apply', {
      config: config(hostLink, {
        status: 'static',
        iPAddress: `10.${n}.9.7`,
        mask: '255.255.255.0',
        gateway: `10.${n}.9.1`,
      }),
      confirmSeconds: 5,
    });
    expect(applied.statusCode, `${applied.body}\n${output.join('')}`).toBe(200);
    // networkd may still be in its second pass (the reload's, then the reconfigure's), which takes the
    // addresses off for a moment before it puts them back.
    await waitFor(
      () => addressesIn(namespace, hostLink).join() === `10.${n}.9.7/24`,
      "the console's file in force",
      20_000,
    );

    await waitFor(async () => (await state()).pending === null, 'the window to end', 20_000);
    expect(fs.readFileSync(hostFile, 'utf8')).toBe(hostText);
    expect(fs.existsSync(path.join(networkDir, `10-edge-console-${hostLink}.network`))).toBe(false);
    // networkd applies the host's file again (the address the console put back by hand is the same one).
    await waitFor(
      () => addressesIn(namespace, hostLink).join() === `10.${n}.9.3/24`,
      "the host's file in force again",
      20_000,
    );
    // It is networkd's doing, not only the console's: removed, the address comes back from the host's file.
    // One delete, not a flush: networkd may put the address back between a flush's rounds, and the flush
    // then gives up ("Flush remains incomplete"), which is the very behaviour this checks for.
    ip('-n', namespace, 'addr', 'del', `10.${n}.9.3/24`, 'dev', hostLink);
    execFileSync('ip', ['netns', 'exec', namespace, 'networkctl', 'reconfigure', hostLink], {
      stdio: 'pipe',
    });
    await waitFor(
      () => addressesIn(namespace, hostLink).join() === `10.${n}.9.3/24`,
      "networkd to put the host's address back",
      20_000,
    );
  }, 60_000);
});
