/** Table types of event rules, messages, To-do and Notification (migration 0013_alerts). */
import type { Generated } from 'kysely';

export interface EventRulesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** JSON array of RuleEvent. */
  events: string;
  all_devices: number;
  /** JSON arrays of device ids and group ids. */
  device_ids: string;
  group_ids: string;
  severity: string;
  hold_off_minutes: number;
  enabled: number;
  created_at: number;
  /** Quiet hours, HH:MM in the console's time zone ('' for none): non-critical deliveries wait them out. */
  quiet_from: Generated<string>;
  quiet_to: Generated<string>;
  /** A critical message not acknowledged within this many minutes (0: never) goes to escalate_contact_id. */
  escalate_minutes: Generated<number>;
  escalate_contact_id: number | null;
  /** The controller (this console) is selected for its own events (0035). */
  controller: Generated<number>;
  /** JSON array of the policy profile ids whose events the rule watches. */
  profile_ids: Generated<string>;
}

export interface AlertMessagesTable {
  id: Generated<number>;
  rule_id: number | null;
  rule_name: string;
  event: string;
  severity: string;
  device_id: string | null;
  device_name: string;
  job_id: number | null;
  detail: string;
  /** rule|event|device (or job): the message a repeat within the hold-off window counts up on. */
  dedupe_key: string;
  count: number;
  created_at: number;
  last_at: number;
  /** 1 once any user read it (acknowledged); who read it is in alert_message_reads. */
  read: Generated<number>;
  /** When the message escalates unless acknowledged first; null when it does not (or did). */
  escalate_at: number | null;
}

export interface AlertMessageReadsTable {
  message_id: number;
  user_id: number;
  read_at: number;
}

export interface LicenseExpiryNoticesTable {
  license_id: string;
  threshold_days: number;
  notified_at: number;
}

export interface DeviceLogModesTable {
  device_id: string;
  mode: string;
  updated_at: number;
}

export interface TodosTable {
  id: Generated<number>;
  title: string;
  description: string;
  message_id: number | null;
  device_id: string | null;
  job_id: number | null;
  completed: Generated<number>;
  created_by_name: string;
  created_at: number;
  completed_at: number | null;
}

export interface TodoTasksTable {
  id: Generated<number>;
  todo_id: number;
  title: string;
  completed: Generated<number>;
}

export interface NotifyContactsTable {
  id: Generated<number>;
  channel: string;
  config_name: string;
  /** JSON of the channel's fields without its secrets. */
  settings: string;
  /** The secrets' JSON sealed with the console key (crypto/secrets), '' for none. */
  sealed: string;
  paused_until: number | null;
  created_at: number;
}

export interface NotifyLinksTable {
  id: Generated<number>;
  rule_id: number;
  contact_id: number;
}

export interface NotifyDeliveriesTable {
  id: Generated<number>;
  message_id: number;
  contact_id: number;
  state: string;
  attempts: Generated<number>;
  next_at: number | null;
  /** The console sending it now, and until when its claim holds. */
  lease_owner: string | null;
  lease_until: number | null;
  /** JSON array of the receivers already sent to, for channels that send one request per receiver. */
  sent_to: Generated<string>;
  last_status: number | null;
  last_answer: string | null;
  created_at: number;
  delivered_at: number | null;
  /** 1 when escalation queued it (the rule's next contact), 0 for a first delivery. */
  escalated: Generated<number>;
}

export interface AlertTables {
  event_rules: EventRulesTable;
  alert_messages: AlertMessagesTable;
  alert_message_reads: AlertMessageReadsTable;
  license_expiry_notices: LicenseExpiryNoticesTable;
  device_log_modes: DeviceLogModesTable;
  todos: TodosTable;
  todo_tasks: TodoTasksTable;
  notify_contacts: NotifyContactsTable;
  notify_links: NotifyLinksTable;
  notify_deliveries: NotifyDeliveriesTable;
}
