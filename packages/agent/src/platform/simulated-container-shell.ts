/**
 * The shell inside a simulated container (the container terminal of a simulated device): busybox's sh as a
 * small image would have it, answering from the simulated app itself (its name as host name, its image,
 * its variables, its one process), never from the machine that runs the simulator.
 */
import type { LineShell } from './simulated-line-shell.ts';

export interface SimulatedContainerView {
  id: string;
  name: string;
  image: string;
  env: { name: string; value: string }[];
}

export function containerShell(app: SimulatedContainerView): LineShell {
  const hostname = app.id.slice(0, 12);
  const env = () => [
    'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    `HOSTNAME=${hostname}`,
    'TERM=xterm-256color',
    'HOME=/root',
    ...app.env.map((e) => `${e.name}=${e.value}`),
  ];
  const commands: Record<string, (args: string[], print: (line: string) => void) => void> = {
    echo: (args, print) => print(args.join(' ')),
    hostname: (_args, print) => print(hostname),
    env: (_args, print) => env().forEach((line) => print(line)),
    uname: (args, print) =>
      print(args.includes('-a') ? `Linux ${hostname} 5.15.0 x86_64 GNU/Linux` : 'Linux'),
    ps: (_args, print) => {
      print('PID   USER     TIME  COMMAND');
      print(`    1 root      0:00 /bin/${app.name}`);
      print('    7 root      0:00 /bin/sh');
      print('    8 root      0:00 ps');
    },
    pwd: (_args, print) => print('/'),
    ls: (_args, print) => print('bin   dev   etc   home  proc  root  sys   tmp   usr   var'),
    cat: (args, print) => {
      if (args[0] === '/etc/hostname') print(hostname);
      else print(`cat: can't open '${args[0] ?? ''}': No such file or directory`);
    },
  };
  return {
    name: `/bin/sh (exec in ${app.name})`,
    banner: '',
    prompt: () => '/ # ',
    run: async (line, ctx) => {
      const [name, ...args] = line.trim().split(/\s+/);
      if (!name) return;
      const command = commands[name];
      if (!command) return ctx.print(`sh: ${name}: not found`);
      command(args, ctx.print);
    },
  };
}
