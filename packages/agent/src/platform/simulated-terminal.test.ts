/** The simulated shell answers from the simulated device, never from the machine it runs on. */
import os from 'node:os';
import { expect, test } from 'vitest';
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
