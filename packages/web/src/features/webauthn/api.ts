/**
 * WebAuthn security keys: the signed-in user's own keys (register under a name, list, rename, delete) and
 * passwordless sign-in. The browser side of the ceremony is @simplewebauthn/browser; the server checks it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { endpoints, type LoginResponse, type WebauthnKeyView } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { accountInfoKey } from '../account/api.ts';

const { webauthn } = endpoints;
export const webauthnKeysKey = queryKeys.feature('webauthn');

/** SPEC 5: the browser must support WebAuthn (a secure context with PublicKeyCredential). */
export const webauthnSupported = (): boolean => browserSupportsWebAuthn();

/**
 * A ceremony the user cancelled, or the authenticator refused, is a failed verification to the user:
 * reported like the server's own refusal, in its words.
 */
const ceremonyFailed = () => new ApiError(400, '', 'webauthnFailed');

export const useWebauthnKeys = () => useEndpointQuery(webauthn.list, undefined, { select: (r) => r.list });

/** A key change refreshes the list and the user's own view (which says whether they have keys). */
const invalidates = [webauthnKeysKey, accountInfoKey];

export async function registerKey(name: string): Promise<WebauthnKeyView> {
  if (!webauthnSupported()) throw new ApiError(0, '', 'webauthnUnsupported');
  const optionsJSON = (await call(webauthn.registerOptions, {
    name,
  })) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const RegistrationData = await startRegistration({ optionsJSON }).catch(() => {
    throw ceremonyFailed();
  });
  return call(webauthn.register, { name, RegistrationData });
}

export function useRegisterKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerKey,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
export const useRenameKey = () => useEndpointMutation(webauthn.rename, { invalidates });
export const useDeleteKey = () =>
  useEndpointMutation(webauthn.remove, { invalidates, toInput: (id: string) => ({ id }) });

/** Passwordless sign-in: with a user name only that user's keys are offered, without it any key the browser holds. */
export async function signInWithKey(name?: string): Promise<LoginResponse> {
  if (!webauthnSupported()) throw new ApiError(0, '', 'webauthnUnsupported');
  const optionsJSON = (await call(
    webauthn.loginOptions,
    name ? { name } : {},
  )) as unknown as PublicKeyCredentialRequestOptionsJSON;
  const AuthenticationData = await startAuthentication({ optionsJSON }).catch(() => {
    throw ceremonyFailed();
  });
  return call(webauthn.login, { AuthenticationData });
}
