/**
 * A simulated device's terminal: a tiny ash-like shell (simulated-line-shell.ts does the line editing)
 * whose commands (simulated-shell.ts) answer from the simulated device.
 */
import type { TerminalSize } from '@edge/protocol';
import type { TerminalIo, TerminalPort, TerminalSession } from '../ports/terminal.ts';
import type { SimulatedDiagnostics } from './simulated-diagnostics.ts';
import type { SimulatedSystem } from './simulated-system.ts';
import { lineShellSession } from './simulated-line-shell.ts';
import { hostnameOf, runCommand } from './simulated-shell.ts';
import { simulatedWeb } from './simulated-web.ts';

export class SimulatedTerminal implements TerminalPort {
  constructor(
    private readonly device: SimulatedSystem,
    private readonly diagnostics: SimulatedDiagnostics,
  ) {}

  connect(port: number, io: TerminalIo): Promise<TerminalSession> {
    return simulatedWeb(this.device, port, io);
  }

  async open(size: TerminalSize, io: TerminalIo): Promise<TerminalSession> {
    const { device, diagnostics } = this;
    return lineShellSession(
      {
        name: 'simulated ash',
        banner: `\r\nBusyBox v1.36.1 built-in shell (ash)\r\n\r\n  ${device.facts0.model}, ${device.facts0.firmware}\r\n\r\n`,
        prompt: () => `root@${hostnameOf(device)}:~# `,
        run: (line, ctx) => runCommand(line, { device, diagnostics, ...ctx }),
      },
      size,
      io,
    );
  }
}
