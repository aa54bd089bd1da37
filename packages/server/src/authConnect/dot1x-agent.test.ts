/**
 * Auth Connect for real: an account made in the console (its password sealed there) is pushed to a real
 * `edge-agent`, whose 802.1X authenticator (hostapd, wired driver, its own EAP server) checks the users who
 * plug into its port. The agent runs in network namespace A (testing/netns.ts: root -- A -- B) with hostapd on
 * its link to B; in B, wpa_supplicant with the wired driver signs in over that cable as a user's laptop
 * would, pinning the certificate the agent made. The account's password gets in (EAP-PEAP/MSCHAPv2 and
 * EAP-TTLS/PAP); a wrong password, an unknown name and a deleted account do not. The tools are installed
 * first when missing (never skipped).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CONNECT_API, SETTINGS_API_ROOT, type SettingsStateResponse } from '@edge/protocol';
import { TEST_CLAIM_CODE, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { agentOnline, startAgent, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { twoDeviceNetwork, type TwoDeviceNetwork } from '../testing/netns.ts';

const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-debian-packages.sh');
const TOOLS = [
  '/usr/sbin/hostapd=hostapd',
  '/usr/sbin/wpa_supplicant=wpasupplicant',
  '/usr/bin/openssl=openssl',
];
/** Spaces, quotes and a backslash: what a password may hold reaches hostapd as it is. */
const PASSWORD = 'Front "desk" \\ 42';
const OTHER_PASSWORD = 'Back-office-9';

type Outcome = 'success' | 'failure';

describe('Auth Connect accounts sign users in through a real agent’s 802.1X authenticator', () => {
  let net: TwoDeviceNetwork;
  let edge: TestConsole;
  let admin: Caller;
  let agent: Child | undefined;
  let deviceId = '';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-dot1x-'));
  const stateDir = path.join(work, 'agent');

  beforeAll(async () => {
    execFileSync('bash', [ENSURE, ...TOOLS], { stdio: 'inherit' });
    net = twoDeviceNetwork();
    edge = await startTestConsole('sqlite');
    await edge.app.listen({ host: net.rootAddress, port: 0 });
    const url = `http://${net.rootAddress}:${(edge.app.server.address() as AddressInfo).port}`;
    admin = caller(edge, await signIn(edge));
    const serial = `${uniquePrefix()}-DOT1X`;
    await edge.enrolment.provision([{ serial, claimCode: TEST_CLAIM_CODE }]);
    agent = startAgent({
      console: url,
      serial,
      stateDir,
      namespace: net.a.namespace,
      extraArgs: ['--dot1x-iface', net.a.link],
      logLevel: 'info',
    });
    deviceId = await agentOnline(edge, serial, 'the agent online', 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${agent!.output.join('\n')}`);
    });
    await waitFor(
      () => agent!.output.some((line) => line.includes('hostapd: ') && line.includes('AP-ENABLED')),
      'hostapd to run on the port',
      30_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${agent!.output.join('\n')}`);
    });
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    await edge?.destroy();
    net?.remove();
    fs.rmSync(work, { recursive: true, force: true });
  });

  let attempt = 0;
  /**
   * One sign-in from B's end of the cable, as a laptop's wpa_supplicant does it: its EAP outcome. Each is
   * a laptop of its own (a MAC address of its own): after a failure the authenticator ignores the same
   * station for 802.1X's quiet period (60 s), as switches do.
   */
  const signInFromB = (
    identity: string,
    password: string,
    method: 'PEAP' | 'TTLS' = 'PEAP',
  ): Promise<Outcome> => {
    const conf = path.join(work, `supplicant-${++attempt}.conf`);
    const mac = `02:${randomBytes(5).toString('hex').match(/../g)!.join(':')}`;
    execFileSync('ip', ['-n', net.b.namespace, 'link', 'set', 'dev', net.b.link, 'address', mac]);
    fs.writeFileSync(
      conf,
      [
        'ap_scan=0',
        'eapol_version=2',
        'network={',
        '  key_mgmt=IEEE8021X',
        `  eap=${method}`,
        `  identity="${identity}"`,
        '  anonymous_identity="anonymous"',
        // In hex: the password's quotes and backslash need no escaping.
        `  password=${Buffer.from(password, 'utf8').toString('hex')}`,
        `  ca_cert="${path.join(stateDir, 'dot1x', 'server.pem')}"`,
        `  phase2="auth=${method === 'PEAP' ? 'MSCHAPV2' : 'PAP'}"`,
        '  eapol_flags=0',
        '}',
        '',
      ].join('\n'),
    );
    const supplicant = spawn(
      'ip',
      ['netns', 'exec', net.b.namespace, 'wpa_supplicant', '-D', 'wired', '-i', net.b.link, '-c', conf],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    return new Promise<Outcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        supplicant.kill();
        reject(
          new Error(`no EAP outcome in 20 s:\n${output}\nThe agent:\n${agent!.output.slice(-30).join('\n')}`),
        );
      }, 20_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const outcome = /CTRL-EVENT-EAP-(SUCCESS|FAILURE)/.exec(output)?.[1];
        if (!outcome) return;
        clearTimeout(timer);
        supplicant.kill();
        resolve(outcome === 'SUCCESS' ? 'success' : 'failure');
      };
      supplicant.stdout.on('data', read);
      supplicant.stderr.on('data', read);
      supplicant.on('error', reject);
    }).finally(
      // The next supplicant on the same link waits until this one has let go of it.
      () =>
        new Promise<void>((resolve) => {
          if (supplicant.exitCode !== null || supplicant.signalCode !== null) return resolve();
          supplicant.once('exit', () => resolve());
        }),
    );
  };

  /** The account names the agent reports applying, once its Wi-Fi section is in sync with the console's. */
  const reportedNames = async (): Promise<string[] | undefined> => {
    const res = await admin('GET', `${SETTINGS_API_ROOT}/state?id=${deviceId}&section=wifi`);
    const view = res.json<SettingsStateResponse>().sections[0];
    if (view?.state !== 'in_sync' || view.reportedVersion !== view.desiredVersion) return undefined;
    return ((view.reported as { accounts: { name: string }[] } | null)?.accounts ?? [])
      .map((a) => a.name)
      .sort();
  };
  const settle = (names: string[]) =>
    waitFor(
      async () => JSON.stringify(await reportedNames()) === JSON.stringify(names),
      `the agent reporting ${names.join(',') || 'no accounts'}`,
      60_000,
    );

  it('lets no one in before an account exists', async () => {
    expect(await signInFromB('frontdesk', PASSWORD)).toBe('failure');
  }, 30_000);

  it('signs in with an account made in the console, by PEAP and by TTLS; not with a wrong password', async () => {
    for (const [name, password] of [
      ['frontdesk', PASSWORD],
      ['backoffice', OTHER_PASSWORD],
    ] as const) {
      const made = await admin('POST', `${AUTH_CONNECT_API}/create`, {
        name,
        password,
        confirmPassword: password,
        deviceIds: [deviceId],
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    await settle(['backoffice', 'frontdesk']);

    expect(await signInFromB('frontdesk', PASSWORD, 'PEAP')).toBe('success');
    expect(await signInFromB('frontdesk', PASSWORD, 'TTLS')).toBe('success');
    expect(await signInFromB('backoffice', OTHER_PASSWORD, 'PEAP')).toBe('success');
    expect(await signInFromB('frontdesk', OTHER_PASSWORD, 'PEAP')).toBe('failure');
    expect(await signInFromB('frontdesk', 'Front "desk" \\ 43', 'TTLS')).toBe('failure');
    expect(await signInFromB('nobody', PASSWORD, 'PEAP')).toBe('failure');
    // The authenticator saw them: hostapd's own word, through the agent's log.
    expect(agent!.output.some((line) => /hostapd: .*authenticated/.test(line))).toBe(true);
  }, 120_000);

  it('lets a deleted account in no more, and a changed password only as it is now', async () => {
    const { list } = (await admin('GET', `${AUTH_CONNECT_API}/list`)).json<{
      list: { id: number; name: string }[];
    }>();
    const id = (name: string) => list.find((a) => a.name === name)!.id;
    expect((await admin('DELETE', `${AUTH_CONNECT_API}/delete`, { id: id('frontdesk') })).statusCode).toBe(
      200,
    );
    const changed = await admin('PATCH', `${AUTH_CONNECT_API}/edit`, {
      id: id('backoffice'),
      name: 'backoffice',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      deviceIds: [deviceId],
      groupIds: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await settle(['backoffice']);

    expect(await signInFromB('frontdesk', PASSWORD, 'PEAP')).toBe('failure');
    expect(await signInFromB('frontdesk', PASSWORD, 'TTLS')).toBe('failure');
    expect(await signInFromB('backoffice', OTHER_PASSWORD, 'PEAP')).toBe('failure');
    expect(await signInFromB('backoffice', PASSWORD, 'PEAP')).toBe('success');
  }, 120_000);
});
