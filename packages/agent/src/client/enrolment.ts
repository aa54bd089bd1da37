/**
 * Enrolment on the wire: connects with the shared enrolment credentials, asks on the serial's request topic
 * (again every ENROL_RETRY_MS until answered) and reads the console's reply: refused (keeps asking: the
 * operator may make room), pending (waits for adoption in Provision > Discovery) or adopted.
 */
import {
  ENROL_PASSWORD,
  ENROL_RETRY_MS,
  ENROL_USERNAME,
  enrolClientId,
  enrolKeyPassword,
  enrolReply,
  enrolTopic,
  type EnrolRequest,
} from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import { openConnection, type ConnectOptions } from './connection.ts';
import type { Cancel, Scheduler } from './scheduler.ts';
import type { Session } from './session.ts';

/** MQTT 3.1.1 CONNACK 'identifier rejected'. */
const IDENTIFIER_REJECTED = 2;

export interface EnrolmentHost {
  session: Session;
  scheduler: Scheduler;
  log: AgentLog;
  retryMs?: number;
  /** Reached the broker. */
  connected(): void;
  /** The console knows the device and waits for an operator to adopt it. */
  pending(): void;
  adopted(deviceId: string): void;
  /** The connection closed before adoption. */
  closed(): void;
  /**
   * The broker refused the CONNECT because a live connection holds our client id (our own, half-open
   * after a drop, or someone else's): connect next time with enrolKeyPassword to prove the key.
   */
  idInUse(): void;
}

export function enrol(
  request: EnrolRequest,
  connection: Omit<ConnectOptions, 'clientId' | 'username' | 'password' | 'will'>,
  host: EnrolmentHost,
  proveKey = false,
): void {
  const { session, log } = host;
  const live = session.open(
    openConnection({
      ...connection,
      clientId: enrolClientId(request.serial),
      username: ENROL_USERNAME,
      password: proveKey ? enrolKeyPassword(request.key) : ENROL_PASSWORD,
    }),
  );
  const client = live.connection;
  let repeat: Cancel | null = null;
  let said = false;
  const warned = new Set<string>();
  const ask = () => {
    if (session.current(live))
      client.publish(enrolTopic(request.serial, 'request'), JSON.stringify(request), { qos: 1 });
  };

  client.on('connect', () => {
    if (!session.current(live)) return;
    host.connected();
    client.subscribe(enrolTopic(request.serial, 'reply'), { qos: 1 }, (err) => {
      if (err || !session.current(live)) return;
      ask();
      repeat = host.scheduler.every(host.retryMs ?? ENROL_RETRY_MS, ask);
    });
  });
  client.on('message', (_topic, payload) => {
    if (!session.current(live)) return;
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const reply = enrolReply.safeParse(raw);
    if (!reply.success) return;
    if (reply.data.status === 'refused') {
      // Kept asking: the operator may remove a conflicting entry or make room. The reply topic is the
      // serial's, so this may also be the answer to another agent claiming our serial.
      if (!warned.has(reply.data.reason))
        log.warn('the console refused an enrolment request for this serial', { reason: reply.data.reason });
      warned.add(reply.data.reason);
      return;
    }
    if (reply.data.status === 'pending') {
      if (!said) log.info('waiting for adoption in Provision > Discovery');
      said = true;
      host.pending();
      return;
    }
    repeat?.();
    host.adopted(reply.data.deviceId);
  });
  client.on('error', (err) => {
    if ((err as { code?: unknown }).code === IDENTIFIER_REJECTED) host.idInUse();
    log.warn('enrolment connection failed', { error: err.message });
  });
  client.on('close', () => {
    repeat?.();
    if (session.closed(live)) host.closed();
  });
}
