/** Recorded terminal sessions of a device and one session's recording (protocol endpoints/terminal.ts). */
import { endpoints } from '@edge/protocol';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { terminal } = endpoints;

export const useTerminalSessions = (deviceId: string, enabled: boolean) =>
  // Polled: a session just left is written as ended a moment after its socket closed.
  useEndpointQuery(terminal.sessions, { id: deviceId }, { enabled, refetchInterval: 5000 });

export const useRecording = (session: string | null) =>
  useEndpointQuery(terminal.recording, { session: session ?? '' }, { enabled: session !== null });

/** Jump to device: a link to the device's own web interface, opened in a new tab. */
export const useJumpToDevice = () => useEndpointMutation(endpoints.proxy.start);

/** The jump link opens beside the console, without a handle back to it. */
export const openJumpLink = (url: string) => void window.open(url, '_blank', 'noopener');
