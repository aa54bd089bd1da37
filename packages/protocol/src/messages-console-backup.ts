/** The texts of console backup and restore (Settings > Backup & Restore), spread into `messages`. */
export const consoleBackupMessages = {
  consoleBackupPassphraseLength: 'The passphrase must be 8 to 256 characters.',
  consoleBackupNotArchive: 'File upload failed, please try again. This file is not a console backup.',
  consoleBackupWrongPassphrase: 'The passphrase does not open this backup.',
  consoleBackupDamaged:
    'File upload failed, please try again. The backup file is damaged or was altered since it was made.',
  consoleBackupNewer:
    'This backup comes from a newer version of the console. Upgrade this console first, then restore it.',
  consoleBackupUnsafePath:
    'File upload failed, please try again. The backup names a file outside its folder.',
  consoleBackupBusy: 'A backup or restore is already running. Wait for it to finish.',
  consoleBackupCreated: 'Backup created successfully.',
  consoleBackupDeleted: 'Backup file deleted successfully.',
  consoleBackupUploaded: 'Backup file uploaded successfully.',
  consoleBackupRestored: 'Restore successfully. Please sign in again.',
  consoleBackupReplaceRefused:
    'This console already holds data: restore onto a fresh install, or say to replace it.',
} as const;
