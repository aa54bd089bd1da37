/** Device terminal (issue 19): the browser's socket, and the recorded sessions with their replay. */
import { z } from 'zod';
import {
  CONTAINER_TERMINAL_SOCKET_PATH,
  containerTerminalQuery,
  DESKTOP_SOCKET_PATH,
  desktopQuery,
  TERMINAL_API,
  TERMINAL_SOCKET_PATH,
  terminalQuery,
  terminalRecordingQuery,
  terminalRecordingResponse,
  terminalSessionsQuery,
  terminalSessionsResponse,
} from '../terminal.ts';
import { canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const terminalEndpoints = featureEndpoints('terminal', {
  socket: endpoint({
    method: 'GET',
    path: TERMINAL_SOCKET_PATH,
    // Watching needs Inventory; typing needs its management grant (checked on the socket).
    permission: canView('Inventory'),
    websocket: true,
    query: terminalQuery,
    summary: 'WebSocket upgrade: a shell on the device (text: input/resize; binary: output)',
    response: { 200: z.never().describe('switches to the WebSocket protocol') },
    errors: [403, 404, 409],
  }),
  // A shell in a container is the Application area's (an account of type Container has it); typing needs
  // Application's management grant (checked on the socket).
  containerSocket: endpoint({
    method: 'GET',
    path: CONTAINER_TERMINAL_SOCKET_PATH,
    permission: canView('Application'),
    websocket: true,
    query: containerTerminalQuery,
    summary:
      'WebSocket upgrade: a shell inside a running container of the device (as the device terminal), or with uuid its VNC server (as the desktop)',
    response: { 200: z.never().describe('switches to the WebSocket protocol') },
    errors: [403, 404, 409],
  }),
  // As the terminal: watching needs Inventory; input needs its management grant (dropped otherwise).
  desktopSocket: endpoint({
    method: 'GET',
    path: DESKTOP_SOCKET_PATH,
    permission: canView('Inventory'),
    websocket: true,
    query: desktopQuery,
    summary: "WebSocket upgrade: the device's VNC server (binary RFB both ways, as noVNC speaks it)",
    response: { 200: z.never().describe('switches to the WebSocket protocol') },
    errors: [403, 404, 409],
  }),
  // Recordings are audit material: the activity log's readers replay them.
  sessions: endpoint({
    method: 'GET',
    path: `${TERMINAL_API}/sessions`,
    permission: canView('Log'),
    query: terminalSessionsQuery,
    response: { 200: terminalSessionsResponse },
  }),
  recording: endpoint({
    method: 'GET',
    path: `${TERMINAL_API}/recording`,
    permission: canView('Log'),
    query: terminalRecordingQuery,
    response: { 200: terminalRecordingResponse },
    errors: [404],
  }),
});
