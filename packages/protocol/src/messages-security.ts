/** Texts of the protections against abuse (issue 13): flood limits, role escalation, lock-outs, retention. */
export const securityMessages = {
  tooManyRequests: 'Too many requests. Try again later.',
  roleNotGrantable: 'You may only give a permission whose rights you hold yourself.',
  ownRoleLocked: 'You cannot change your own permission.',
  retentionDaysRange: 'The activity log must be kept for 1 to 3650 days.',
  lockoutsCleared: 'Sign-in lock-outs cleared.',
  numberWhole: 'Enter a whole number.',
  numberTooLarge: 'The number is too large.',
  textUnprintable: 'The text must not contain line breaks or control characters.',
} as const;
