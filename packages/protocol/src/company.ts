/** The company profile (SPEC 2, 3): one per console. */
import { z } from 'zod';
import { messages } from './messages.ts';
import { emailRule, optional, phoneRule, requiredField, ruled, textRule } from './validation.ts';

const text = (max: number) => z.string().max(max, messages.textTooLong).default('');

export const companyRequest = z.object({
  name: requiredField(textRule('companyNameEmpty', 128)),
  address: text(256),
  contactName: text(64),
  contactEmail: ruled(optional(emailRule)).default(''),
  contactPhone: ruled(phoneRule).default(''),
  postalCode: text(16),
  /** 1 active, 0 inactive. */
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  description: text(1024),
  notifyUserName: text(64),
  businessAdministrationNumber: text(32),
});
export type CompanyRequest = z.infer<typeof companyRequest>;

export const companyResponse = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  postalCode: z.string(),
  status: z.number(),
  description: z.string(),
  notifyUserName: z.string(),
  businessAdministrationNumber: z.string(),
});
export type Company = z.infer<typeof companyResponse>;
