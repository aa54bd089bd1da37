/** The simulated shell answers from the simulated device, never from the machine it runs on. */
import os from 'node:os';
import { expect, test } from 'vitest';
import { MODELS } from './catalogue.ts';
import { SimulatedPlatform } from './simulated.ts';

async function shell(serial: string) {
  const platform = new SimulatedPlatform({ serial });
  let out = '';
  const ended: string[] = [];
  const session = await platform.terminal.open(
    { cols: 80, rows: 24 },
    { output: (d) => (out += Buffer.from(d).toString()), ended: (r) => ended.push(r) },
  );
  const type = async (text: string) => {
    const before = out.length;
    await session.write(Buffer.from(text));
    await new Promise((resolve) => setTimeout(resolve, 20));
    return out.slice(before);
  };
  return { platform, session, type, ended, out: () => out };
}

test('hostname, ip addr, uci show network and stty size come from the simulated device', async () => {
  const s = await shell('SIMSHELL-1');
  const facts = await s.platform.system.facts();
  expect(s.out()).toContain(`root@${facts.hostname}:~# `);
  expect(await s.type('hostname\r')).toContain(facts.hostname);
  expect(facts.hostname).not.toBe(os.hostname());
  const addr = await s.type('ip addr\r');
  expect(addr).toContain(`inet ${facts.ip}/`);
  expect(addr).toContain('br-lan');
  expect(await s.type('uci show network\r')).toContain(
    `network.lan.ipaddr='${s.platform.system.lanPrefix}.1'`,
  );
  s.session.resize({ cols: 120, rows: 40 });
  expect(await s.type('stty size\r')).toContain('40 120');
  expect(await s.type('cat /etc/passwd\r')).toContain('-ash: cat: not found');
  expect(await s.type('uptime\r')).toMatch(/up .*load average/);
  expect(await s.type('logread\r')).toContain('Booting Linux');
});

test('typing echoes, backspace erases, Ctrl-C drops the line and exit ends the shell', async () => {
  const s = await shell('SIMSHELL-2');
  expect(await s.type('ecx')).toBe('ecx');
  expect(await s.type('\x7fho hi\r')).toContain('\b \bho hi\r\nhi\r\n');
  expect(await s.type('junk\x03')).toContain('^C');
  await s.type('exit\r');
  expect(s.ended).toEqual(['exited with 0']);
});

test("a simulated container's own shell: only while it runs, and it ends when the app stops", async () => {
  const model = MODELS.find((m) => m.containers)!;
  const platform = new SimulatedPlatform({ serial: 'SIMSHELL-3', model });
  const containers = platform.containers!;
  const never = new AbortController().signal;
  const spec = { image: 'demo/web:1', env: [{ name: 'GREETING', value: 'hi' }], ports: [], volumes: [] };
  await containers.deploy({ ...spec, name: 'web', resource: 'low', installAnyway: false }, () => {}, never);
  let out = '';
  const ended: string[] = [];
  const session = await containers.exec(
    'web',
    { cols: 80, rows: 24 },
    { output: (d) => (out += Buffer.from(d).toString()), ended: (r) => ended.push(r) },
  );
  expect(session.shell).toBe('/bin/sh (exec in web)');
  await session.write(Buffer.from('echo in-42 && env\r'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(out).toContain('/ # ');
  expect(out).toContain('in-42 && env\r\n');
  // Its host name is the container's, not the device's nor the simulator machine's.
  await session.write(Buffer.from('hostname\r'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(out).not.toContain(os.hostname());
  await containers.action('web', 'stop');
  expect(ended).toEqual(['the container stopped']);
  await expect(
    containers.exec('web', { cols: 80, rows: 24 }, { output: () => {}, ended: () => {} }),
  ).rejects.toThrow('The container is not running.');
  await expect(
    containers.exec('nope', { cols: 80, rows: 24 }, { output: () => {}, ended: () => {} }),
  ).rejects.toThrow('No such container on the device.');
});
