/**
 * Profile templates on the API (SPEC 3, 8): what a device is given when it is adopted with a profile,
 * by the Adopt dialog or the provisioning CSV's profile column. Created, edited, copied and deleted with
 * the SPEC 8 words ('Profile created/edited/deleted successfully.').
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { profileTemplate, profileTemplateNameRule } from '../networking/profileTemplate.ts';
import { text } from '../networking/fields.ts';

export const PROFILE_TEMPLATES_API = '/api/v1/mission/profile/template';

export const profileTemplateRequest = profileTemplate;
export type ProfileTemplateRequest = z.input<typeof profileTemplateRequest>;

export const profileTemplateEditRequest = profileTemplate.safeExtend({ id: z.number().int().min(1) });

/** A copy of a template under a new name. */
export const profileTemplateCopyRequest = z.object({
  id: z.number().int().min(1),
  name: text(profileTemplateNameRule),
});

export const profileTemplateView = z.object({
  id: z.number().int(),
  template: profileTemplate,
  /** Adopted devices that named it (Adopt dialog or CSV). */
  devices: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.number(),
  createdAt: z.number(),
});
export type ProfileTemplateView = z.infer<typeof profileTemplateView>;

export const profileTemplateListResponse = z.object({ list: z.array(profileTemplateView) });
export const profileTemplateSaved = z.object({ message: z.string(), template: profileTemplateView });
/** The names alone: what Provision chooses from. */
export const profileTemplateNamesResponse = z.object({ names: z.array(z.string()) });

/** The job that gives adopted devices their template (one step per device). */
export const PROFILE_TEMPLATE_JOB_KIND = 'profiles.template';
/** What it carries: the template as it was at the adoption. */
export const templateJobParams = z.object({ template: profileTemplate, by: z.string() });
export type TemplateJobParams = z.infer<typeof templateJobParams>;

export const unknownTemplateMessage = (name: string) => `${messages.profileTemplateUnknown} (${name})`;
