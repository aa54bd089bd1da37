/** The opening handshake of MQTT over WebSocket (RFC 6455 §4.2), answered on the upgraded socket. */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** A key is 16 random bytes, base64: 22 characters and '=='. */
const KEY = /^[+/0-9A-Za-z]{21}[AQgw]==$/;
/** RFC 7230 token: what a subprotocol name may be, so an echoed one cannot break the response. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The subprotocol MQTT 3.1.1 and 5 name; mqtt.js offers it. */
const MQTT_SUBPROTOCOL = 'mqtt';

/**
 * Answers the upgrade: 101 with the accept key and the subprotocol ('mqtt' when offered, else the first
 * offered), or 400 and a closed socket when the request is not a WebSocket handshake. True when upgraded.
 */
export function answerUpgrade(request: IncomingMessage, socket: Duplex): boolean {
  const { headers } = request;
  const key = headers['sec-websocket-key'];
  const offered = (headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (
    request.method !== 'GET' ||
    headers.upgrade?.toLowerCase() !== 'websocket' ||
    headers['sec-websocket-version'] !== '13' ||
    typeof key !== 'string' ||
    !KEY.test(key) ||
    !offered.every((name) => TOKEN.test(name))
  ) {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nSec-WebSocket-Version: 13\r\n\r\n');
    return false;
  }
  const accept = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64');
  const protocol = offered.includes(MQTT_SUBPROTOCOL) ? MQTT_SUBPROTOCOL : offered[0];
  socket.write(
    [
      'HTTP/1.1 101 Switching Protocols',
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Accept: ${accept}`,
      ...(protocol ? [`Sec-WebSocket-Protocol: ${protocol}`] : []),
      '',
      '',
    ].join('\r\n'),
  );
  return true;
}
