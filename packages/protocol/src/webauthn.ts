/**
 * WebAuthn security keys (SPEC 2, 3, 5, 8): register a key under a name, list, rename, delete, and
 * sign in with one instead of a password. The browser's credential JSON (as @simplewebauthn/browser
 * produces it) travels in `RegistrationData` / `AuthenticationData`; anything missing or malformed there
 * is SPEC 8's 'Missing Webauthn data'.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { requiredField, webauthnNameRule } from './validation.ts';

const b64url = z.string().regex(/^[A-Za-z0-9_-]*$/);
const credentialBase = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const registrationData = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    authenticatorData: b64url.optional(),
    transports: z.array(z.string()).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: b64url.optional(),
  }),
});
const authenticationData = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
});

/** Any flaw inside the credential answers with one message: the browser sent no usable WebAuthn data. */
const webauthnData = <T extends z.ZodType>(schema: T) =>
  z.unknown().transform((value, ctx): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: messages.missingWebauthn, params: { code: 'missingWebauthn' } });
    return z.NEVER;
  });

export const webauthnKeyName = requiredField(webauthnNameRule);

export const webauthnRegisterOptionsRequest = z.object({ name: webauthnKeyName });
export const webauthnRegisterRequest = z.object({
  name: webauthnKeyName,
  RegistrationData: webauthnData(registrationData),
});
export type WebauthnRegisterRequest = z.infer<typeof webauthnRegisterRequest>;
export const webauthnRenameRequest = z.object({ id: z.string().min(1), name: webauthnKeyName });
export const webauthnDeleteRequest = z.object({ id: z.string().min(1) });

/** Sign-in: with a user name the browser is told that user's keys; without, it offers its discoverable ones. */
export const webauthnLoginOptionsRequest = z.object({ name: z.string().max(64).optional() }).prefault({});
export const webauthnLoginRequest = z.object({ AuthenticationData: webauthnData(authenticationData) });
export type WebauthnLoginRequest = z.infer<typeof webauthnLoginRequest>;

export const webauthnKeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  /** null shows as Never. */
  lastUsedAt: z.number().nullable(),
});
export type WebauthnKeyView = z.infer<typeof webauthnKeyView>;
export const webauthnListResponse = z.object({ list: z.array(webauthnKeyView) });

const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
const common = {
  challenge: z.string(),
  timeout: z.number().optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
};
/** What navigator.credentials.create() needs (PublicKeyCredentialCreationOptionsJSON). */
export const webauthnRegisterOptionsResponse = z.object({
  ...common,
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  attestation: z.string().optional(),
});
/** What navigator.credentials.get() needs (PublicKeyCredentialRequestOptionsJSON). */
export const webauthnLoginOptionsResponse = z.object({
  ...common,
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.string().optional(),
});
