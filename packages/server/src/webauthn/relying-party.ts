/**
 * Who the console is to a security key: its rpID (a domain) and the origin pages are served from.
 * Taken from the request's Host unless WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN say otherwise, as they must
 * behind a proxy that rewrites Host. A key registered under one rpID works only under that rpID.
 */
import type { FastifyRequest } from 'fastify';

export interface RelyingPartyConfig {
  rpId?: string;
  origin?: string;
}

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingPartyOf(request: FastifyRequest, config: RelyingPartyConfig): RelyingParty {
  // Through URL so a default port (:80, :443) drops out, as it does in the origin browsers report.
  const origin = config.origin ?? new URL(`${request.protocol}://${request.host}`).origin;
  return { origin, rpID: config.rpId ?? new URL(origin).hostname };
}
