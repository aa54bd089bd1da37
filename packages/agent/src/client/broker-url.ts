/**
 * Where the device bus is, from what the user typed: the console's URL (http://host:8080 means MQTT over
 * WebSocket at ws://host:8080/mqtt), or a broker URL as is (mqtt://, mqtts://, ws://, wss://).
 */
export const MQTT_PATH = '/mqtt';

export function brokerUrlFor(consoleUrl: string): string {
  const url = new URL(consoleUrl);
  switch (url.protocol) {
    case 'http:':
    case 'https:': {
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.pathname = `${url.pathname.replace(/\/+$/, '')}${MQTT_PATH}`;
      url.search = '';
      url.hash = '';
      return url.toString();
    }
    case 'ws:':
    case 'wss:':
    case 'mqtt:':
    case 'mqtts:':
    case 'tcp:':
      return url.toString();
    default:
      throw new Error(`unsupported console URL ${consoleUrl}: use http(s)://, ws(s):// or mqtt(s)://`);
  }
}
