import { startTestConsole } from '@edge/server/testing';
import { fleetSerial } from '@edge/protocol';
const N = Number(process.env.N ?? 2000);
const edge = await startTestConsole((process.env.DIALECT as 'sqlite') ?? 'sqlite');
await edge.app.listen({ host: '127.0.0.1', port: 8799 });
const t0 = Date.now();
await edge.enrolment.provisionSerials(Array.from({ length: N }, (_, i) => fleetSerial('LD', i + 1)));
console.log('provisioned', N, Date.now() - t0, 'ms');
let last = process.cpuUsage();
let lastT = Date.now();
let msgs = 0;
edge.devices.onChange((c) => { if (c.type === 'heartbeat') msgs++; });
const timer = setInterval(async () => {
  const cpu = process.cpuUsage(last); last = process.cpuUsage();
  const dt = Date.now() - lastT; lastT = Date.now();
  console.log(new Date().toISOString().slice(11, 19), JSON.stringify(edge.devices.counts()), 'cpu%', (((cpu.user + cpu.system) / 1000) / dt * 100).toFixed(0), 'hb/s', (msgs / dt * 1000).toFixed(0), 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0));
  msgs = 0;
}, 5000);
process.on('SIGTERM', async () => { clearInterval(timer); const t = Date.now(); await edge.destroy(); console.log('destroyed in', Date.now() - t); process.exit(0); });
