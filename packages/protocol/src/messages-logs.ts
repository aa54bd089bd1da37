/** Texts of the Log app (issue 17): SPEC 8's download failure and what a bad log query is told. */
export const logsMessages = {
  logDownloadFailed: 'Failed to download log file',
  logDateRange: 'The start date must be before the end date.',
  logDateInvalid: 'Invalid date.',
  logExportFormat: 'Export format must be .zip or .tar.gz.',
  logExpiryRange: 'Expiry duration must be between 1 and 365 days.',
  logResetDone: 'Reset success!',
  logResetWarning: 'This operation will not be able to revert',
  logSettingsSaved: 'Saved successfully.',
} as const;
