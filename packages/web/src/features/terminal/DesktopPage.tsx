/**
 * A device's remote desktop (SPEC 2: the graphical session): noVNC in the page, speaking RFB to the device's
 * VNC server through the console's socket and the device tunnel. The page opens the socket itself and gives
 * it to noVNC, so it can show the console's closing word (offline, licence, refused) when the socket ends;
 * leaving the page disconnects. Those who may only watch Inventory see the screen without input.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import RFB from '@novnc/novnc';
import { terminalCloseReasons, type TerminalCloseReason } from '@edge/protocol';
import { usePermission } from '../account/permissions.ts';
import { desktopUrl } from './socket.ts';
import { SessionHeading } from './SessionHeading.tsx';
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

export default function DesktopPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [state, setState] = useState<State>({ phase: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  // Those who may not manage Inventory watch: the console drops their input, and noVNC sends none.
  const viewOnly = !usePermission('Inventory').manage;

  useEffect(() => {
    const element = screen.current;
    if (!element) return;
    setState({ phase: 'connecting' });
    const ws = new WebSocket(desktopUrl(id));
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
  }, [id, attempt, viewOnly]);

  return (
    <div className="page terminal-page">
      <SessionHeading deviceId={id} title={t('terminal.desktop.title')} />
      <Card>
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
      </Card>
    </div>
  );
}
