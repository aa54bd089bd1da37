/** The outgoing mail server (SPEC 2, 3, 5): where notifications and test mails are sent through. */
import { z } from 'zod';
import { messages } from './messages.ts';
import { emailRule, portRule, requiredField, ruledNumber, textRule } from './validation.ts';

export const smtpRequest = z.object({
  smtpHostAddress: requiredField(textRule('smtpHostEmpty', 253)),
  port: ruledNumber(portRule),
  /** Implicit TLS (usually port 465); otherwise STARTTLS is used when the server offers it. */
  secure: z.boolean().default(false),
  /** Sign-in account on the mail server; empty for none. */
  account: z.string().max(128, messages.textTooLong).default(''),
  /** Left out keeps the stored password; a string replaces it (empty clears it). Never sent back. */
  password: z.string().max(256, messages.textTooLong).optional(),
  /** Sender address, and the name shown with it. */
  sender: requiredField(emailRule),
  userName: z.string().max(64, messages.textTooLong).default(''),
  receiverAddress: requiredField(emailRule),
});
export type SmtpRequest = z.infer<typeof smtpRequest>;

export const smtpResponse = z.object({
  configured: z.boolean(),
  smtpHostAddress: z.string(),
  port: z.number(),
  secure: z.boolean(),
  account: z.string(),
  hasPassword: z.boolean(),
  sender: z.string(),
  userName: z.string(),
  receiverAddress: z.string(),
});
export type SmtpSettings = z.infer<typeof smtpResponse>;

/** A test mail goes through the saved settings, to the saved receiver unless another is given. */
export const smtpTestRequest = z
  .object({ receiverAddress: requiredField(emailRule).optional() })
  .prefault({});
