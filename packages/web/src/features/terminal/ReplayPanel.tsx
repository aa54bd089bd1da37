/**
 * Replays a recorded session (asciicast v2) in a read-only terminal at the pace it was recorded, pauses
 * longer than a second shortened to one.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openXterm } from './xterm.ts';
import { useRecording } from './api.ts';

const MAX_PAUSE_S = 1;

type CastEvent = [number, string, string];

export function parseCast(cast: string): { width: number; height: number; events: CastEvent[] } {
  const [head = '{}', ...lines] = cast.trim().split('\n');
  const header = JSON.parse(head) as { width?: number; height?: number };
  const events = lines.map((line) => JSON.parse(line) as CastEvent);
  return { width: header.width ?? 80, height: header.height ?? 24, events };
}

export function ReplayPanel({ session }: { session: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useRecording(session);
  const host = useRef<HTMLDivElement>(null);
  const [run, setRun] = useState(0);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (!element || !data) return;
    const { width, height, events } = parseCast(data.cast);
    const { term, dispose } = openXterm(element, { readOnly: true });
    term.resize(width, height);
    setDone(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let at = 0;
    let index = 0;
    const next = () => {
      const event = events[index++];
      if (!event) return setDone(true);
      const [time, kind, text] = event;
      timer = setTimeout(
        () => {
          if (kind === 'o') term.write(text);
          else if (kind === 'r') {
            const [cols, rows] = text.split('x').map(Number);
            if (cols && rows) term.resize(cols, rows);
          }
          next();
        },
        Math.min(MAX_PAUSE_S, Math.max(0, time - at)) * 1000,
      );
      at = time;
    };
    next();
    return () => {
      clearTimeout(timer);
      dispose();
    };
  }, [data, run]);

  if (isLoading) return <Spin />;
  return (
    <div className="terminal-panel">
      <Space className="terminal-toolbar">
        <Button size="small" icon={<ReloadOutlined />} onClick={() => setRun((n) => n + 1)} disabled={!done}>
          {t('terminal.replayAgain')}
        </Button>
      </Space>
      <div className="terminal-screen" dir="ltr" ref={host} data-testid="replay-screen" data-done={done} />
    </div>
  );
}
