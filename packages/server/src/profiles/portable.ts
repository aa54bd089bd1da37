/**
 * Config as code (issue 16): every profile, its value table and the fleet's assignments as one YAML or JSON
 * document; an import parses either (JSON is YAML), checks every body with its section's rules, says which
 * profiles it creates or changes, and writes them all in one transaction only when told to apply.
 */
import { parse, stringify } from 'yaml';
import {
  PROFILE_DOCUMENT_VERSION,
  checkProfileBody,
  messages,
  profileDocument,
  sameDocument,
  type PolicyProfileKind,
  type ProfileImportResponse,
  type VariableValue,
} from '@edge/protocol';
import type { z } from 'zod';
import type { DeviceDirectory } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import type { ProfileRow, ProfileStore } from './store.ts';

type Portable = z.output<typeof profileDocument>['profiles'][number];

export function portableProfiles(deps: {
  store: ProfileStore;
  devices: Pick<DeviceDirectory, 'get' | 'scan' | 'groups'>;
  now?: () => number;
}) {
  const { store, devices, now = Date.now } = deps;

  /** Device id <-> serial and group id <-> name, both ways, as the fleet stands now. */
  async function names() {
    const serialOf = new Map<string, string>();
    const idOfSerial = new Map<string, string>();
    for (const { record } of devices.scan()) {
      serialOf.set(record.id, record.serial);
      idOfSerial.set(record.serial, record.id);
    }
    const groups = await devices.groups.list();
    return {
      serialOf,
      idOfSerial,
      groupName: new Map(groups.map((g) => [String(g.id), g.name])),
      groupId: new Map(groups.map((g) => [g.name, String(g.id)])),
    };
  }

  async function documentOf() {
    const n = await names();
    const rows = await store.list();
    const assignments: Record<string, string[]> = {};
    for (const row of rows) {
      const serials = (await store.assignments(row.id)).flatMap((a) => n.serialOf.get(a.device_id) ?? []);
      if (serials.length) assignments[row.name] = serials.sort();
    }
    return {
      version: PROFILE_DOCUMENT_VERSION,
      profiles: rows.map((row) => ({
        name: row.name,
        kind: row.kind,
        body: JSON.parse(row.body) as unknown,
        values: (JSON.parse(row.variable_values) as VariableValue[]).map((v) => ({
          ...v,
          target: (v.scope === 'device' ? n.serialOf : n.groupName).get(v.target) ?? v.target,
        })),
      })),
      assignments,
    };
  }

  function parsed(text: string) {
    let raw: unknown;
    try {
      raw = parse(text, { maxAliasCount: 100 });
    } catch (err) {
      throw fail(
        400,
        'profileDocumentInvalid',
        `${messages.profileDocumentInvalid} ${(err as Error).message}`,
      );
    }
    const doc = profileDocument.safeParse(raw);
    if (!doc.success) {
      const issue = doc.error.issues[0];
      throw fail(
        400,
        'profileDocumentInvalid',
        `${messages.profileDocumentInvalid} ${issue?.path.join('.')}: ${issue?.message}`,
      );
    }
    return doc.data;
  }

  return {
    async exportDocument(format: 'yaml' | 'json'): Promise<string> {
      const doc = await documentOf();
      return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc);
    },

    async importDocument(text: string, apply: boolean, user: string): Promise<ProfileImportResponse> {
      const doc = parsed(text);
      const n = await names();
      const existing = new Map((await store.list()).map((row) => [row.name, row]));
      let droppedValues = 0;
      const plan: { profile: Portable; body: unknown; values: VariableValue[]; row?: ProfileRow }[] = [];
      const result = { created: [] as string[], changed: [] as string[], unchanged: [] as string[] };
      for (const profile of doc.profiles) {
        const checked = checkProfileBody(profile.kind, profile.body);
        if (!checked.ok)
          throw fail(
            400,
            checked.issue.code ?? 'profileDocumentInvalid',
            `${profile.name}: ${checked.issue.message}`,
          );
        const values = profile.values.flatMap((v) => {
          const target = (v.scope === 'device' ? n.idOfSerial : n.groupId).get(v.target);
          if (target === undefined) droppedValues++;
          return target === undefined ? [] : [{ ...v, target }];
        });
        const row = existing.get(profile.name);
        if (row && row.kind !== profile.kind)
          throw fail(400, 'profileDocumentInvalid', `${profile.name}: ${row.kind} ≠ ${profile.kind}`);
        const same =
          row &&
          sameDocument(JSON.parse(row.body), checked.body) &&
          sameDocument(JSON.parse(row.variable_values), values);
        (row ? (same ? result.unchanged : result.changed) : result.created).push(profile.name);
        if (!same) plan.push({ profile, body: checked.body, values, row });
      }
      if (apply && plan.length) {
        const at = now();
        await store.writeMany(
          plan.map(({ profile, body, values, row }) => ({
            id: row?.id,
            name: profile.name,
            kind: profile.kind as PolicyProfileKind,
            body: JSON.stringify(body),
            variable_values: JSON.stringify(values),
            updated_by: user,
            updated_at: at,
            created_at: row?.created_at ?? at,
          })),
        );
      }
      return {
        message: apply ? messages.profileImported : messages.profileImportPreviewed,
        applied: apply,
        ...result,
        droppedValues,
      };
    },
  };
}

export type PortableProfiles = ReturnType<typeof portableProfiles>;
