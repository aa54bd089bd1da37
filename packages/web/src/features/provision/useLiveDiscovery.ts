/**
 * The Discovery list, read again whenever the console says it changed (LIVE_CHANNELS.discovery) or the live
 * socket came back after a drop, while the calling screen is mounted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_CHANNELS } from '@edge/protocol';
import { useChannel } from '../../live/useChannel.ts';
import { provisionKeys } from './api.ts';

export function useLiveDiscovery(): void {
  const client = useQueryClient();
  const readAgain = () => {
    void client.invalidateQueries({ queryKey: provisionKeys.discovery });
    void client.invalidateQueries({ queryKey: provisionKeys.conflicts });
  };
  useChannel(LIVE_CHANNELS.discovery, '', readAgain, readAgain);
}
