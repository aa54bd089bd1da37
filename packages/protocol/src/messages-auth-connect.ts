/** The texts of the Auth Connect app (SPEC 5 Auth connection rules), spread into `messages`. */
export const authConnectMessages = {
  authConnectNameEmpty: 'Account name cannot be empty.',
  authConnectNameLength: 'Account name must be at most 64 characters.',
  authConnectNameFormat: 'Account name cannot contain spaces or quotes.',
  authConnectNameTaken: 'This account name is already in use.',
  authConnectPasswordEmpty: 'Password cannot be empty.',
  authConnectPasswordLength: 'Password must be at most 64 characters.',
  authConnectConfirmEmpty: 'Confirm password cannot be empty.',
  authConnectPasswordMismatch: 'Password and confirm password must be identical.',
  authConnectDeleted: 'Account deleted successfully.',
} as const;
