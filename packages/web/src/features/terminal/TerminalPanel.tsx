/**
 * The live terminal (SPEC 4): opens the socket, sends a resize when it opens and whenever the panel's size
 * changes, passes keystrokes on, shows the shell's output, and closes the socket when the page is left.
 * The device's shell, or with `container` a shell inside that container of the device (the same session).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Tag, Tooltip } from 'antd';
import { CopyOutlined, ReloadOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { terminalServerMessage, type TerminalCloseReason } from '@edge/protocol';
import { openXterm, type FittedTerminal } from './xterm.ts';
import { sendWhenOpen, terminalUrl } from './socket.ts';
import { SessionStateTag } from './SessionStateTag.tsx';

type State =
  | { phase: 'connecting' }
  | { phase: 'open'; readOnly: boolean }
  | { phase: 'closed'; reason: TerminalCloseReason | 'lost' };

export function TerminalPanel({ deviceId, container }: { deviceId: string; container?: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const xterm = useRef<FittedTerminal | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const [state, setState] = useState<State>({ phase: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const ws = new WebSocket(terminalUrl(deviceId, window.location, container));
    ws.binaryType = 'arraybuffer';
    socket.current = ws;
    const cancels: (() => void)[] = [];
    const send = (message: Parameters<typeof sendWhenOpen>[1]) => cancels.push(sendWhenOpen(ws, message));
    const fitted = openXterm(element, { paste: (data) => send({ type: 'input', data }) });
    xterm.current = fitted;
    const { term, fit } = fitted;
    const resize = () => send({ type: 'resize', cols: term.cols, rows: term.rows });
    let said: TerminalCloseReason | null = null;

    ws.onopen = () => {
      resize();
      term.focus();
    };
    ws.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data !== 'string') return term.write(new Uint8Array(event.data));
      const word = terminalServerMessage.safeParse(JSON.parse(event.data));
      if (!word.success) return;
      if (word.data.type === 'ready') setState({ phase: 'open', readOnly: word.data.readOnly });
      else said = word.data.reason;
    };
    ws.onclose = () => setState({ phase: 'closed', reason: said ?? 'lost' });
    const typed = term.onData((data) => send({ type: 'input', data }));
    const sized = term.onResize(() => resize());
    const observer = new ResizeObserver(() => {
      try {
        fit.fit();
      } catch {
        // Hidden: fitted when shown again.
      }
    });
    observer.observe(element);

    return () => {
      observer.disconnect();
      typed.dispose();
      sized.dispose();
      cancels.forEach((cancel) => cancel());
      ws.onclose = null;
      ws.close();
      socket.current = null;
      fitted.dispose();
      xterm.current = null;
    };
  }, [deviceId, container, attempt]);

  const copy = () => {
    const selection = xterm.current?.term.getSelection();
    if (selection) void navigator.clipboard?.writeText(selection).catch(() => undefined);
  };
  const paste = () => {
    const ws = socket.current;
    void navigator.clipboard
      ?.readText()
      .then((data) => ws && data && sendWhenOpen(ws, { type: 'input', data }))
      .catch(() => undefined);
  };

  return (
    <div className="terminal-panel">
      <Space className="terminal-toolbar" wrap>
        <SessionStateTag phase={state.phase} data-testid="terminal-state" />
        {state.phase === 'open' && state.readOnly && <Tag color="gold">{t('terminal.readOnly')}</Tag>}
        <Tooltip title={t('terminal.copyHint')}>
          <Button size="small" icon={<CopyOutlined />} onClick={copy}>
            {t('terminal.copy')}
          </Button>
        </Tooltip>
        <Tooltip title={t('terminal.pasteHint')}>
          <Button size="small" icon={<SnippetsOutlined />} onClick={paste} disabled={state.phase !== 'open'}>
            {t('terminal.paste')}
          </Button>
        </Tooltip>
        {state.phase === 'closed' && (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => setAttempt((n) => n + 1)}
            data-testid="terminal-reconnect"
          >
            {t('terminal.reconnect')}
          </Button>
        )}
      </Space>
      {state.phase === 'closed' && (
        <Alert
          type="info"
          showIcon
          message={t(`terminal.closed.${state.reason}`)}
          data-testid="terminal-closed"
        />
      )}
      {/* Terminal output is the device's own text, left to right whatever the page's direction. */}
      <div className="terminal-screen" dir="ltr" ref={host} data-testid="terminal-screen" />
    </div>
  );
}
