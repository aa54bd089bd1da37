/**
 * A remote desktop in the page (SPEC 2: the graphical session): noVNC speaking RFB to a VNC server through
 * the console's socket and the device tunnel, the device's own (DesktopPage) or a container's (the
 * Application app). The panel opens the socket itself and gives it to noVNC, so it can show the console's
 * closing word (offline, licence, refused, idle) when the socket ends; unmounting disconnects. Those who may
 * only watch see the screen without input (the console drops it too).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import RFB from '@novnc/novnc';
import { terminalCloseReasons, type TerminalCloseReason } from '@edge/protocol';
import { SessionStateTag } from './SessionStateTag.tsx';
import './terminal.css';

type State =
  | { phase: 'connecting' }
  | { phase: 'open'; name: string }
  | { phase: 'closed'; reason: TerminalCloseReason | 'lost' };

const closingWord = (reason: string): TerminalCloseReason | 'lost' =>
  (terminalCloseReasons as readonly string[]).includes(reason) ? (reason as TerminalCloseReason) : 'lost';

/** The desktop's own words where the terminal's would name the terminal. */
const closedMessage = (reason: TerminalCloseReason | 'lost') =>
  reason === 'refused' || reason === 'licenseLocked'
    ? (`terminal.desktop.${reason}` as const)
    : (`terminal.closed.${reason}` as const);

export function DesktopPanel({ url, viewOnly }: { url: string; viewOnly: boolean }) {
  const { t } = useTranslation();
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [state, setState] = useState<State>({ phase: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = screen.current;
    if (!element) return;
    setState({ phase: 'connecting' });
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    let said: TerminalCloseReason | 'lost' = 'lost';
    ws.addEventListener('close', (event) => {
      said = event.code === 1000 && !event.reason ? 'ended' : closingWord(event.reason);
    });
    const session = new RFB(element, ws, { shared: true });
    session.scaleViewport = true;
    session.viewOnly = viewOnly;
    session.background = '#000';
    session.addEventListener('connect', () => {
      setState({ phase: 'open', name: '' });
      session.focus();
    });
    session.addEventListener('desktopname', (event) =>
      setState({ phase: 'open', name: (event as CustomEvent<{ name: string }>).detail.name }),
    );
    // After the socket's close event, so its word is known.
    session.addEventListener('disconnect', () =>
      setTimeout(() => setState({ phase: 'closed', reason: said })),
    );
    rfb.current = session;
    return () => {
      rfb.current = null;
      session.disconnect();
    };
  }, [url, attempt, viewOnly]);

  return (
    <>
      <Space className="terminal-toolbar" wrap>
        <SessionStateTag phase={state.phase} data-testid="desktop-state" />
        {state.phase === 'open' && state.name && <Typography.Text>{state.name}</Typography.Text>}
        {viewOnly && <Tag color="gold">{t('terminal.readOnly')}</Tag>}
        <Button
          size="small"
          disabled={state.phase !== 'open' || viewOnly}
          onClick={() => rfb.current?.sendCtrlAltDel()}
          data-testid="desktop-ctrl-alt-del"
        >
          {t('terminal.desktop.ctrlAltDel')}
        </Button>
        {state.phase === 'closed' && (
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
            {t('terminal.reconnect')}
          </Button>
        )}
      </Space>
      {state.phase === 'closed' && (
        <Alert type="info" showIcon message={t(closedMessage(state.reason))} data-testid="desktop-closed" />
      )}
      {/* The device's screen, left to right whatever the page's direction. */}
      <div className="desktop-screen" dir="ltr" ref={screen} data-testid="desktop-screen" />
    </>
  );
}
