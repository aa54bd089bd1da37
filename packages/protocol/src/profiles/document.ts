/**
 * Config as code: every policy profile (and which devices hold which) as one YAML or JSON document, and its
 * import with a preview first. Value tables name devices by serial and groups by name, so a document moves
 * between consoles; an import maps them back and drops the rows this console has no device or group for.
 */
import { z } from 'zod';
import { variableValue } from './variables.ts';
import { profileKind, profileName } from './api.ts';

export const PROFILE_DOCUMENT_VERSION = 'edge-console/profiles/v1';
export const profileDocumentFormats = ['yaml', 'json'] as const;
/** Fastify takes bodies up to 1 MiB: the text, its JSON quoting and the request around it fit. */
export const PROFILE_DOCUMENT_MAX = 900_000;

/** A value row as the document writes it: `target` is the device's serial or the group's name. */
export const portableValue = variableValue.extend({ target: z.string().min(1).max(128) });

export const portableProfile = z.object({
  name: profileName,
  kind: profileKind,
  body: z.unknown(),
  values: z.array(portableValue).default([]),
});

export const profileDocument = z.object({
  version: z.literal(PROFILE_DOCUMENT_VERSION),
  profiles: z.array(portableProfile).max(1000),
  /** What the fleet was given (profile name -> device serials); informational, an import rolls nothing out. */
  assignments: z.record(z.string(), z.array(z.string())).default({}),
});
export type ProfileDocument = z.input<typeof profileDocument>;

export const profileExportQuery = z.object({ format: z.enum(profileDocumentFormats).default('yaml') });

export const profileImportRequest = z.object({
  /** The document's text, YAML or JSON. */
  document: z.string().min(1).max(PROFILE_DOCUMENT_MAX),
  /** false: only say what it would change. */
  apply: z.boolean().default(false),
});

export const profileImportResponse = z.object({
  message: z.string(),
  applied: z.boolean(),
  created: z.array(z.string()),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  /** Value rows left out: their device or group is not on this console. */
  droppedValues: z.number().int(),
});
export type ProfileImportResponse = z.infer<typeof profileImportResponse>;
