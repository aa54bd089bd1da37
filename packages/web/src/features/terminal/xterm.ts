/**
 * An xterm.js terminal as the console shows one (SPEC 9: font size 12), fitted to its panel, with copy and
 * paste: Ctrl+Shift+C copies the selection, Ctrl+Shift+V pastes (Ctrl+C stays the shell's interrupt).
 */
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { TERMINAL_FONT_SIZE } from '@edge/protocol';
import '@xterm/xterm/css/xterm.css';

export interface FittedTerminal {
  term: Terminal;
  fit: FitAddon;
  dispose(): void;
}

export function openXterm(
  element: HTMLElement,
  options: { readOnly?: boolean; paste?: (text: string) => void } = {},
): FittedTerminal {
  const term = new Terminal({
    fontSize: TERMINAL_FONT_SIZE,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    cursorBlink: !options.readOnly,
    disableStdin: options.readOnly ?? false,
    convertEol: false,
    scrollback: 5000,
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.open(element);
  term.attachCustomKeyEventHandler((event) => {
    if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true;
    if (event.code === 'KeyC') {
      const selection = term.getSelection();
      if (selection) void navigator.clipboard?.writeText(selection).catch(() => undefined);
      return false;
    }
    if (event.code === 'KeyV' && options.paste) {
      void navigator.clipboard
        ?.readText()
        .then((text) => text && options.paste?.(text))
        .catch(() => undefined);
      return false;
    }
    return true;
  });
  try {
    fit.fit();
  } catch {
    // A panel not laid out yet (hidden tab): fitted on the next size change.
  }
  return { term, fit, dispose: () => term.dispose() };
}
