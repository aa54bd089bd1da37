/**
 * The parts of event rules, messages and notification delivery that the alerts benchmark
 * (bench/src/alerts-main.ts) assembles around a store of its own, without devices or HTTP.
 */
export { openStore } from '../db/database.ts';
export { loadSecrets } from '../crypto/secrets.ts';
export { deviceChanges } from '../devices/changes.ts';
export { ruleStore } from '../messages/rules.ts';
export { messageStore } from '../messages/store.ts';
export { messageService } from '../messages/service.ts';
export { ruleEngine } from '../messages/engine.ts';
export { contactStore } from './contacts.ts';
export { deliveryStore } from './deliveries.ts';
export { linkStore } from './links.ts';
export { notifyService, payloadOf } from './service.ts';
export { deliveryWorker } from './worker.ts';
export { notifyMessages } from './wire.ts';
export type { FreshHook } from '../messages/store.ts';
export { startReceiver } from '../testing/http-receiver.ts';
