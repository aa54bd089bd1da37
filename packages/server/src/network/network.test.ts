/**
 * Settings > Network against a real host network: a namespace this test makes (a veth pair to the root
 * namespace and a second interface), changed through the API by the real ifupdown backend. A change not
 * confirmed in its window is rolled back by itself; a confirmed one stays; a conflicting or malformed one
 * changes nothing. DHCP takes its address from a real DHCP server (dnsmasq in a namespace of its own). HTTPS with a generated certificate answers on its port, and moving the HTTP port keeps
 * the session.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkInterfaceConfig, NetworkState } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { consoleUrl, startListeningConsole, waitFor } from '../testing/devices.ts';
import { freePort } from '../gateway/mosquitto-process.ts';

const ip = (...args: string[]) => execFileSync('ip', args, { encoding: 'utf8' });
const addressesIn = (namespace: string, link: string) =>
  (
    JSON.parse(ip('-j', '-n', namespace, '-4', 'addr', 'show', 'dev', link)) as {
      addr_info: { local: string; prefixlen: number }[];
    }[]
  )[0]?.addr_info.map((a) => `${a.local}/${a.prefixlen}`) ?? [];

const staticConfig = (name: string, address: string, gateway: string): NetworkInterfaceConfig => ({
  name,
  ipv4: { status: 'static', iPAddress: address, mask: '255.255.255.0', gateway },
  ipv6: { status: 'linkLocal', iPAddress: '', prefixLength: 64, gateway: '' },
  dns: { status: 'manual', primaryDNSServer: '9.9.9.9', secondaryDNSServer: '' },
});

describe('Settings > Network on a real host network (a namespace of its own)', () => {
  const tag = randomBytes(3).toString('hex');
  const namespace = `edge-net-${tag}`;
  const rootLink = `enr${tag}`;
  const link = `ens${tag}`;
  const other = `eno${tag}`;
  // A third interface, cabled to a DHCP server's namespace (dnsmasq on the peer end of the veth).
  const dhcpLink = `end${tag}`;
  const dhcpNamespace = `edge-dhs-${tag}`;
  const serverLink = `eds${tag}`;
  // `ip netns exec` binds the files of /etc/netns/NAME over /etc: the DHCP client writes this resolv.conf,
  // never the machine's own.
  const netnsEtc = `/etc/netns/${namespace}`;
  let dhcpServer: ChildProcess | undefined;
  const n = 100 + Math.floor(Math.random() * 150);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-network-'));
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    ip('netns', 'add', namespace);
    ip('link', 'add', rootLink, 'type', 'veth', 'peer', 'name', link);
    ip('link', 'set', link, 'netns', namespace);
    ip('addr', 'add', `10.${n}.1.1/24`, 'dev', rootLink);
    ip('link', 'set', rootLink, 'up');
    ip('-n', namespace, 'link', 'set', 'lo', 'up');
    ip('-n', namespace, 'addr', 'add', `10.${n}.1.2/24`, 'dev', link);
    ip('-n', namespace, 'link', 'set', link, 'up');
    // A second interface (the kernel here has no dummy links: a veth pair with both ends inside).
    ip('-n', namespace, 'link', 'add', other, 'type', 'veth', 'peer', 'name', `enp${tag}`);
    ip('-n', namespace, 'addr', 'add', `10.${n}.5.1/24`, 'dev', other);
    ip('-n', namespace, 'link', 'set', other, 'up');
    ip('netns', 'add', dhcpNamespace);
    ip('-n', namespace, 'link', 'add', dhcpLink, 'type', 'veth', 'peer', 'name', serverLink);
    ip('-n', namespace, 'link', 'set', serverLink, 'netns', dhcpNamespace);
    ip('-n', namespace, 'addr', 'add', `10.${n}.7.2/24`, 'dev', dhcpLink);
    ip('-n', namespace, 'link', 'set', dhcpLink, 'up');
    ip('-n', dhcpNamespace, 'link', 'set', 'lo', 'up');
    ip('-n', dhcpNamespace, 'addr', 'add', `10.${n}.7.1/24`, 'dev', serverLink);
    ip('-n', dhcpNamespace, 'link', 'set', serverLink, 'up');
    fs.mkdirSync(netnsEtc, { recursive: true });
    fs.writeFileSync(path.join(netnsEtc, 'resolv.conf'), 'nameserver 10.0.0.53\n');
    edge = await startListeningConsole('sqlite', {
      network: {
        backend: 'ifupdown',
        networkdDir: path.join(work, 'networkd'),
        interfacesFile: path.join(work, 'interfaces'),
        stateDir: path.join(work, 'state'),
        resolvConf: path.join(netnsEtc, 'resolv.conf'),
        namespace,
      },
    });
    admin = caller(edge, await signIn(edge));
  }, 60_000);

  afterAll(async () => {
    await edge?.destroy();
    dhcpServer?.kill();
    // A DHCP client the console started and a failed test left running (it would keep the namespace alive).
    for (const pid of ip('netns', 'pids', namespace).split('\n').filter(Boolean))
      try {
        process.kill(Number(pid));
      } catch {
        // Gone already.
      }
    for (const made of [namespace, dhcpNamespace])
      try {
        ip('netns', 'del', made);
      } catch {
        // Not made.
      }
    fs.rmSync(netnsEtc, { recursive: true, force: true });
    // ifupdown's DHCP client keeps its leases where Debian puts them, by interface name.
    for (const leases of [`dhclient.${dhcpLink}.leases`, `dhclient6.${dhcpLink}.leases`])
      fs.rmSync(path.join('/var/lib/dhcp', leases), { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  const state = async () => (await admin('GET', '/api/v1/settings/network')).json<NetworkState>();

  it("shows the host's interfaces, gateway and resolvers", async () => {
    const shown = await state();
    expect(shown.interfaces.map((i) => i.name).sort()).toEqual([link, other, `enp${tag}`, dhcpLink].sort());
    expect(shown.interfaces.find((i) => i.name === link)!.ipv4).toEqual([
      { address: `10.${n}.1.2`, prefix: 24 },
    ]);
    expect(shown.dns).toEqual(['10.0.0.53']);
    expect(shown.canApply).toBe(true);
    expect(shown.pending).toBeNull();
  });

  it('refuses a conflict with another interface and malformed input, changing nothing', async () => {
    const conflict = await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.5.9`, `10.${n}.5.1`),
    });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().err_message).toBe('IP/subnet mask/gateway conflicts with another');
    const outside = await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.1.7`, `10.${n}.9.1`),
    });
    expect(outside.json().err_code).toBe('networkGatewayOutsideSubnet');
    const badMask = await admin('POST', '/api/v1/settings/network/apply', {
      config: {
        ...staticConfig(link, `10.${n}.1.7`, `10.${n}.1.1`),
        ipv4: { status: 'static', iPAddress: `10.${n}.1.7`, mask: '255.0.255.0', gateway: `10.${n}.1.1` },
      },
    });
    expect(badMask.json().err_code).toBe('networkMaskInvalid');
    const unknown = await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig('nosuch0', `10.${n}.7.7`, `10.${n}.7.1`),
    });
    expect(unknown.json().err_code).toBe('networkInterfaceUnknown');
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.2/24`]);
    expect(fs.existsSync(path.join(work, 'interfaces'))).toBe(false);
  });

  it('rolls a change back by itself when it is not confirmed in its window', async () => {
    const applied = await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.1.7`, `10.${n}.1.1`),
      confirmSeconds: 5,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<NetworkState>().pending).toMatchObject({ name: link });
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.7/24`]);
    // The host reaches the new address: the change really went through the interface.
    execFileSync('ping', ['-c', '1', '-W', '2', `10.${n}.1.7`]);
    const file = fs.readFileSync(path.join(work, 'interfaces'), 'utf8');
    expect(file).toContain(`iface ${link} inet static`);
    expect(file).toContain('dns-nameservers 9.9.9.9');
    // A second change waits for the first to be settled.
    const second = await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.1.8`, `10.${n}.1.1`),
    });
    expect(second.json().err_code).toBe('networkChangePending');

    await waitFor(async () => (await state()).pending === null, 'the window to end', 20_000);
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.2/24`]);
    expect(fs.readFileSync(path.join(work, 'interfaces'), 'utf8')).not.toContain(`iface ${link}`);
  }, 40_000);

  it('keeps a confirmed change past its window, and rolls back on request', async () => {
    await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.1.9`, `10.${n}.1.1`),
      confirmSeconds: 5,
    });
    expect((await admin('POST', '/api/v1/settings/network/confirm')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.9/24`]);
    const shown = (await state()).interfaces.find((i) => i.name === link)!;
    expect(shown.config?.ipv4).toMatchObject({ status: 'static', iPAddress: `10.${n}.1.9` });

    // Managed now: the next change rolls back to the file's previous stanza through ifup.
    await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.1.10`, `10.${n}.1.1`),
      confirmSeconds: 60,
    });
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.10/24`]);
    expect((await admin('POST', '/api/v1/settings/network/rollback')).statusCode).toBe(200);
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.9/24`]);
    expect((await admin('POST', '/api/v1/settings/network/confirm')).json().err_code).toBe(
      'networkNothingPending',
    );
  }, 40_000);

  it('rolls back, after a restart, a change the stopped console left pending', async () => {
    await admin('POST', '/api/v1/settings/network/apply', {
      config: staticConfig(link, `10.${n}.1.11`, `10.${n}.1.1`),
      confirmSeconds: 20,
    });
    edge = await edge.reopen();
    await edge.app.listen({ host: '127.0.0.1', port: 0 });
    admin = caller(edge, await signIn(edge));
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.11/24`]);
    expect((await state()).pending).toMatchObject({ name: link });
    await waitFor(
      async () => (await state()).pending === null,
      'the window to end after the restart',
      20_000,
    );
    expect(addressesIn(namespace, link)).toEqual([`10.${n}.1.9/24`]);
  }, 60_000);

  it('takes the lease a real DHCP server hands out, and a rollback puts the static address back', async () => {
    const leases = path.join(work, 'dnsmasq.leases');
    dhcpServer = spawn(
      'ip',
      [
        ...['netns', 'exec', dhcpNamespace, 'dnsmasq', '--keep-in-foreground', '--conf-file=/dev/null'],
        ...['--port=0', `--interface=${serverLink}`, '--bind-interfaces', '--user=root'],
        `--pid-file=${path.join(work, 'dnsmasq.pid')}`,
        `--dhcp-leasefile=${leases}`,
        `--dhcp-range=10.${n}.7.100,10.${n}.7.199,255.255.255.0,1h`,
        // No router (the namespace keeps the default route of its other interface); a resolver to see arrive.
        '--dhcp-option=option:router',
        `--dhcp-option=option:dns-server,10.${n}.7.53`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let serverLog = '';
    dhcpServer.stderr!.on('data', (d: Buffer) => (serverLog += d.toString()));
    const mac = JSON.parse(ip('-j', '-n', namespace, 'link', 'show', 'dev', dhcpLink))[0].address as string;
    const dhcp: NetworkInterfaceConfig = {
      name: dhcpLink,
      ipv4: { status: 'dhcp', iPAddress: '', mask: '', gateway: '' },
      ipv6: { status: 'linkLocal', iPAddress: '', prefixLength: 64, gateway: '' },
      dns: { status: 'auto', primaryDNSServer: '', secondaryDNSServer: '' },
    };
    const applied = await admin('POST', '/api/v1/settings/network/apply', {
      config: dhcp,
      confirmSeconds: 120,
    });
    expect(applied.statusCode, `${applied.body}\n${serverLog}`).toBe(200);

    // The address is the one the server's lease file gives this interface's MAC, from the server's range.
    const leased = fs
      .readFileSync(leases, 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((fields) => fields[1] === mac)?.[2];
    expect(leased, serverLog).toMatch(new RegExp(`^10\\.${n}\\.7\\.1\\d\\d$`));
    expect(addressesIn(namespace, dhcpLink)).toEqual([`${leased}/24`]);
    const shown = await state();
    expect(shown.pending).toMatchObject({ name: dhcpLink });
    expect(shown.interfaces.find((i) => i.name === dhcpLink)).toMatchObject({
      ipv4: [{ address: leased, prefix: 24 }],
      config: { ipv4: { status: 'dhcp' } },
    });
    expect(shown.dns).toEqual([`10.${n}.7.53`]);
    expect(ip('netns', 'pids', namespace).trim()).not.toBe('');

    expect((await admin('POST', '/api/v1/settings/network/rollback')).statusCode).toBe(200);
    expect(addressesIn(namespace, dhcpLink)).toEqual([`10.${n}.7.2/24`]);
    // ifdown released the lease (the server forgot it) and stopped the client; the resolver is back.
    expect(ip('netns', 'pids', namespace).trim()).toBe('');
    await waitFor(
      async () => !fs.readFileSync(leases, 'utf8').includes(mac),
      'the server to see the lease released',
      10_000,
    );
    const after = await state();
    expect(after.dns).toEqual(['10.0.0.53']);
    expect(after.interfaces.find((i) => i.name === dhcpLink)!.config).toBeNull();
  }, 120_000);

  it('serves HTTPS with a generated certificate and moves the HTTP port keeping the session', async () => {
    const session = await signIn(edge);
    const httpsPort = await freePort();
    const httpPort = await freePort();
    const saved = await admin('PATCH', '/api/v1/settings/network/ports', {
      httpPort: Number(new URL(consoleUrl(edge)).port),
      httpsPort,
      httpsEnabled: true,
      redirectHttp: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NetworkState>().ports.certificate).toMatchObject({ source: 'generated' });

    const answer = await new Promise<{ status: number; body: string; cert: X509Certificate }>(
      (resolve, reject) => {
        https
          .get(
            {
              host: '127.0.0.1',
              port: httpsPort,
              path: '/api/v1/settings/account/getAccountInfo',
              headers: { cookie: session.cookie },
              rejectUnauthorized: false,
            },
            (res) => {
              const cert = new X509Certificate((res.socket as TLSSocket).getPeerCertificate().raw);
              let body = '';
              res.on('data', (d: Buffer) => (body += d.toString()));
              res.on('end', () => resolve({ status: res.statusCode!, body, cert }));
            },
          )
          .on('error', reject);
      },
    );
    expect(answer.status, answer.body).toBe(200);
    expect(answer.cert.subjectAltName).toContain('IP Address:127.0.0.1');

    // A page asked for over HTTP is sent to HTTPS; the API is answered where it came.
    const page = await fetch(`${consoleUrl(edge)}/dashboard`, { redirect: 'manual' });
    expect(page.status).toBe(308);
    expect(page.headers.get('location')).toBe(`https://127.0.0.1:${httpsPort}/dashboard`);

    const oldUrl = consoleUrl(edge);
    const moved = await admin('PATCH', '/api/v1/settings/network/ports', {
      httpPort,
      httpsPort,
      httpsEnabled: false,
      redirectHttp: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(consoleUrl(edge)).toBe(`http://127.0.0.1:${httpPort}`);
    const again = await fetch(`http://127.0.0.1:${httpPort}/api/v1/settings/account/getAccountInfo`, {
      headers: { cookie: session.cookie },
    });
    expect(again.status).toBe(200);
    await expect(fetch(`${oldUrl}/api/v1/settings/account/getAccountInfo`)).rejects.toThrow();
    await expect(
      fetch(`https://127.0.0.1:${httpsPort}/`).catch((err: Error) => Promise.reject(err)),
    ).rejects.toThrow();
  }, 60_000);

  it('refuses a bad certificate and answers only to those who may manage Network', async () => {
    const bad = await admin('POST', '/api/v1/settings/network/certificate', {
      certificate: '-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----\n',
      privateKey: 'nope',
    });
    expect(bad.json().err_code).toBe('networkCertificateInvalid');
    const before = addressesIn(namespace, link);
    const on = { control: { enable: true }, isManagement: false };
    const viewer = await userWithRole(edge, admin, { Settings: on, Network: on });
    expect((await viewer.call('GET', '/api/v1/settings/network')).statusCode).toBe(200);
    expect(
      (
        await viewer.call('POST', '/api/v1/settings/network/apply', {
          config: staticConfig(link, `10.${n}.1.12`, `10.${n}.1.1`),
        })
      ).statusCode,
    ).toBe(403);
    expect(addressesIn(namespace, link)).toEqual(before);
  });
});
