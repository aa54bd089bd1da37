/**
 * The texts of SPEC sections 5 and 8 (and the few the product adds), keyed by a stable code.
 * The API answers `{err_message, err_code}`: err_message in these English words, err_code the key,
 * which the web console translates through its catalogues.
 */
export const messages = {
  loginBothEmpty: "User Account & User Password can't be null.",
  loginAccountEmpty: "User Account can't be null.",
  loginPasswordEmpty: "User Password can't be null.",
  loginSuccess: 'Login successfully.',
  loginFailed: 'Incorrect user account or password.',
  loginThrottled: 'Too many failed sign-ins. Try again later.',
  accountSuspended: 'This account is suspended.',
  notSignedIn: 'Please sign in.',
  forbidden: 'You do not have permission for this action.',
  csrfRefused: 'The request could not be verified. Reload the page and try again.',
  notFound: 'Not found.',
  apiRequestError: 'API request Error',
  applyError: 'Apply Error',
  invalidRequest: 'Invalid request.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordEmpty: 'Password cannot be empty.',
  passwordLength: 'Password must be 8 to 64 characters.',
  passwordBackslash: 'Password must not contain a backslash.',
  currentPasswordWrong: 'Current password is incorrect.',
  usernameEmpty: 'User name cannot be empty.',
  usernameFormat:
    'User name must be 2 to 32 characters, start with a lowercase letter and use only lowercase letters, digits, _ or -.',
  emailEmpty: 'E-mail cannot be empty.',
  emailFormat: 'Invalid e-mail address.',
  ipFormat: 'Invalid IP address.',
  macFormat: 'Invalid MAC format',
  portRange: 'Port must be between 1 and 65535.',
  numberMin: 'The number must be at least 1.',
  accountTypeRequired: 'Please select at least one account type.',
  userCurrentlyUsed: 'This user is currently used.',
  profileSaved: 'Profile edited successfully.',
  passwordChanged: 'Password changed successfully.',
  socketClosed: 'The underlying connection was closed',
  underDevelopment: 'System under development.',
  deleteFailed: 'Delete failed',
  missingWebauthn: 'Missing Webauthn data',
  webauthnUnsupported: 'Webauthn not supported on browser',
  ipConflict: 'IP/subnet mask/gateway conflicts with another',
  securitySettingError: 'Security setting error',
  removeItemError: 'Remove item error',
  neitherAclNorToken: 'Neither access control nor access token is enabled',
  invalidCompanyLink: 'Invalid company link',
  noColon: 'name or value must not contain 「：」',
  noEquals: 'name or value must not contain 「=」',
} as const;

export type MessageCode = keyof typeof messages;

/** Body of every 4xx/5xx answer of the API. */
export interface ApiError {
  err_message: string;
  err_code?: MessageCode;
}

/** An error a service throws on purpose: the HTTP layer turns it into `{err_message, err_code}`. */
export class ApiFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly detail?: string,
  ) {
    super(detail ?? messages[code]);
  }
}
