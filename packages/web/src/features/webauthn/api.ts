/**
 * WebAuthn security keys: the signed-in user's own keys (register under a name, list, rename, delete) and
 * passwordless sign-in. The browser side of the ceremony is @simplewebauthn/browser; the server checks it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginResponse, WebauthnKeyView } from '@edge/protocol';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { accountInfoKey } from '../account/api.ts';

const KEYS = '/api/v1/settings/account/webauthn';
const SIGN_IN = '/api/v1/auth/webauthn';
export const webauthnKeysKey = ['account', 'webauthn'] as const;

/** SPEC 5: the browser must support WebAuthn (a secure context with PublicKeyCredential). */
export const webauthnSupported = (): boolean => browserSupportsWebAuthn();

/**
 * A ceremony the user cancelled, or the authenticator refused, is a failed verification to the user:
 * reported like the server's own refusal, in its words.
 */
const ceremonyFailed = () => new ApiError(400, '', 'webauthnFailed');

export const useWebauthnKeys = () =>
  useQuery({
    queryKey: webauthnKeysKey,
    queryFn: () => api.get<{ list: WebauthnKeyView[] }>(KEYS).then((r) => r.list),
  });

function useKeyMutation<T>(send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webauthnKeysKey });
      await queryClient.invalidateQueries({ queryKey: accountInfoKey });
    },
  });
}

export async function registerKey(name: string): Promise<WebauthnKeyView> {
  if (!webauthnSupported()) throw new ApiError(0, '', 'webauthnUnsupported');
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(`${KEYS}/registerOptions`, {
    name,
  });
  const RegistrationData = await startRegistration({ optionsJSON }).catch(() => {
    throw ceremonyFailed();
  });
  return api.post<WebauthnKeyView>(`${KEYS}/register`, { name, RegistrationData });
}

export const useRegisterKey = () => useKeyMutation(registerKey);
export const useRenameKey = () =>
  useKeyMutation((body: { id: string; name: string }) => api.patch<{ message: string }>(KEYS, body));
export const useDeleteKey = () =>
  useKeyMutation((id: string) => api.delete<{ message: string }>(KEYS, { id }));

/** Passwordless sign-in: with a user name only that user's keys are offered, without it any key the browser holds. */
export async function signInWithKey(name?: string): Promise<LoginResponse> {
  if (!webauthnSupported()) throw new ApiError(0, '', 'webauthnUnsupported');
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    `${SIGN_IN}/options`,
    name ? { name } : {},
  );
  const AuthenticationData = await startAuthentication({ optionsJSON }).catch(() => {
    throw ceremonyFailed();
  });
  return api.post<LoginResponse>(`${SIGN_IN}/verify`, { AuthenticationData });
}
