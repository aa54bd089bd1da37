/** The sales support form (SPEC 2) as a plain-text mail: every field on its own line, for sales to answer. */
import type { SalesRequest } from '@edge/protocol';
import type { Outgoing } from '../smtp/service.ts';

export function salesMail(request: SalesRequest, user: string): Outgoing {
  const lines = [
    `First name: ${request.firstName}`,
    `Last name: ${request.lastName}`,
    `Contact name: ${request.contactName}`,
    `E-mail: ${request.email}`,
    `Phone: ${request.phone}`,
    `License type: ${request.licenseType}`,
    `Amount: ${request.amount}`,
    `Length of authorization: ${request.months} months`,
    '',
    'Project description:',
    request.description,
    '',
    `Sent from the console by ${user}.`,
  ];
  return {
    subject: `License request: ${request.licenseType} x ${request.amount} (${request.contactName})`,
    text: lines.join('\n'),
  };
}
