/**
 * The commands of a simulated device's shell (simulated-terminal.ts does the line editing). Each answers
 * from the simulated device's own state, the way the same command on an OpenWrt router would; there is no
 * way from here to the machine that runs the simulator.
 */
import type { SimulatedSystem } from './simulated-system.ts';
import type { SimulatedDiagnostics } from './simulated-diagnostics.ts';

export interface ShellContext {
  device: SimulatedSystem;
  diagnostics: SimulatedDiagnostics;
  size: { cols: number; rows: number };
  /** Writes lines as they come (ping prints a reply a second). */
  print(line: string): void;
  signal: AbortSignal;
}

type Command = (args: string[], ctx: ShellContext) => Promise<void> | void;

export const hostnameOf = (device: SimulatedSystem): string => device.hostname || device.facts0.hostname;

function uptimeLine(seconds: number, load: number): string {
  const now = new Date().toTimeString().slice(0, 8);
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const since = days > 0 ? `${days} day${days === 1 ? '' : 's'}, ` : '';
  const l = load.toFixed(2);
  return ` ${now} up ${since}${String(hours).padStart(2)}:${String(minutes).padStart(2, '0')},  load average: ${l}, ${l}, ${l}`;
}

function ipAddr(device: SimulatedSystem): string[] {
  const lines = [
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN',
    '    inet 127.0.0.1/8 scope host lo',
  ];
  device.facts0.interfaces.forEach((iface, n) => {
    const up = iface.name !== device.wanName() || device.wanUp;
    lines.push(
      `${n + 2}: ${iface.name}: <BROADCAST,MULTICAST${up ? ',UP,LOWER_UP' : ''}> mtu 1500 state ${up ? 'UP' : 'DOWN'}`,
      `    link/ether ${iface.mac ?? '00:00:00:00:00:00'} brd ff:ff:ff:ff:ff:ff`,
    );
    if (iface.ip) {
      const prefix = iface.name === 'br-lan' ? 24 : iface.ip.startsWith('100.') ? 30 : 16;
      lines.push(`    inet ${iface.ip}/${prefix} scope global ${iface.name}`);
    }
  });
  return lines;
}

function uciNetwork(device: SimulatedSystem): string[] {
  const wan = device.wanName();
  const wanIp = device.facts0.ip;
  return [
    'network.loopback=interface',
    "network.loopback.device='lo'",
    "network.loopback.proto='static'",
    "network.loopback.ipaddr='127.0.0.1'",
    'network.lan=interface',
    "network.lan.device='br-lan'",
    "network.lan.proto='static'",
    `network.lan.ipaddr='${device.lanPrefix}.1'`,
    "network.lan.netmask='255.255.255.0'",
    ...device.portLayout().map(({ name, portType }) => `network.@port_type[-1].${name}='${portType}'`),
    'network.wan=interface',
    `network.wan.device='${wan}'`,
    `network.wan.proto='${device.spec.cellular ? 'qmi' : 'dhcp'}'`,
    ...(wanIp ? [`# wan address now: ${wanIp}`] : []),
  ];
}

const COMMANDS: Record<string, Command> = {
  help: (_a, ctx) => ctx.print(`Commands: ${Object.keys(COMMANDS).sort().join(' ')}`),
  hostname: (_a, ctx) => ctx.print(hostnameOf(ctx.device)),
  uptime: async (_a, ctx) => {
    const beat = await ctx.device.heartbeat();
    ctx.print(uptimeLine(beat.uptime, (beat.cpuUsage ?? 10) / 100));
  },
  ip: (args, ctx) => {
    if (args[0] === 'addr' || args[0] === 'a' || args[0] === 'address') ipAddr(ctx.device).forEach(ctx.print);
    else ctx.print('Usage: ip addr');
  },
  uci: (args, ctx) => {
    if (args[0] === 'show' && (args[1] === 'network' || args[1] === undefined))
      uciNetwork(ctx.device).forEach(ctx.print);
    else ctx.print(`uci: Entry not found`);
  },
  ping: async (args, ctx) => {
    const target = args.find((a) => !a.startsWith('-'));
    if (!target) return ctx.print('ping: usage error: Destination address required');
    const countAt = args.indexOf('-c');
    const count = countAt >= 0 ? Math.min(100, Math.max(1, Number(args[countAt + 1]) || 4)) : 4;
    ctx.print(`PING ${target} (${target}) 56(84) bytes of data.`);
    const result = await ctx.diagnostics.ping(
      { target, count, interval: 1 },
      (_p, note) => note && ctx.print(note),
      ctx.signal,
    );
    ctx.print('');
    result.lines.slice(-3).forEach(ctx.print);
  },
  logread: (_a, ctx) => {
    for (const event of ctx.device.recentLog()) {
      const at = new Date(event.ts).toUTCString().slice(0, 25);
      ctx.print(`${at} daemon.${event.level} ${event.program ?? 'kernel'}: ${event.message}`);
    }
  },
  echo: (args, ctx) => ctx.print(args.join(' ')),
  stty: (args, ctx) => {
    if (args[0] === 'size') ctx.print(`${ctx.size.rows} ${ctx.size.cols}`);
    else ctx.print('stty: only "stty size" here');
  },
  uname: (args, ctx) =>
    ctx.print(
      args.includes('-a')
        ? `Linux ${hostnameOf(ctx.device)} 5.15.150 #0 SMP ${ctx.device.facts0.firmware}`
        : 'Linux',
    ),
  date: (_a, ctx) => ctx.print(new Date().toUTCString()),
};

/** Runs one command line; false for an unknown command (the shell says so, as sh would). */
export async function runCommand(line: string, ctx: ShellContext): Promise<void> {
  const [name, ...args] = line.trim().split(/\s+/);
  if (!name) return;
  const command = COMMANDS[name];
  if (!command) return ctx.print(`-ash: ${name}: not found`);
  await command(args, ctx);
}
