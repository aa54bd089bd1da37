/**
 * useChannel(channel, key, onData): while the calling component is mounted, the console's pushes for that
 * channel key reach onData (the shared socket, socket.ts, is open meanwhile). A null key subscribes to
 * nothing. onReopen runs when the socket came back after a drop, for screens that must read again what
 * they may have missed. Answers the socket's state.
 */
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveChannel, LiveChannelData } from '@edge/protocol';
import { liveSockets, type LiveState } from './socket.ts';

export function useChannel<C extends LiveChannel>(
  channel: C,
  key: string | null,
  onData: (data: LiveChannelData<C>) => void,
  onReopen?: () => void,
): LiveState {
  const handlers = useRef({ onData, onReopen });
  useLayoutEffect(() => {
    handlers.current = { onData, onReopen };
  });
  useEffect(() => {
    if (key === null) return undefined;
    return liveSockets.subscribe(channel, key, {
      onData: (data) => handlers.current.onData(data as LiveChannelData<C>),
      onReopen: () => handlers.current.onReopen?.(),
    });
  }, [channel, key]);
  return useSyncExternalStore(liveSockets.subscribeState, liveSockets.getState, liveSockets.getState);
}
