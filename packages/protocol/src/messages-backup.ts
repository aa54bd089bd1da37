/** The texts of the Backup app (SPEC 8 'File upload failed, please try again.', 'Restore successfully...'). */
export const backupMessages = {
  backupUploadFailed: 'File upload failed, please try again.',
  backupTooLarge: 'File upload failed, please try again. The file is too large.',
  backupNotABackup: 'File upload failed, please try again. This file is not a device backup.',
  backupNewerVersion: 'File upload failed, please try again. The backup was made by a newer console.',
  backupCorrupted:
    'File upload failed, please try again. The backup file is corrupted (integrity check failed).',
  backupWrongModel: 'File upload failed, please try again. The backup is of another device model.',
  backupUnsafeArchive:
    'File upload failed, please try again. The archive holds a path that leaves its folder.',
  backupRestored: 'Restore successfully. Please click Reboot button to restart the device.',
  backupRestoreRunning: 'A restore is running on this device; it cannot be interrupted.',
  backupDeleted: 'File deleted successfully.',
  backupStarted: 'Backup started.',
  backupFactoryStarted: 'The device is being reverted to factory default.',
  backupSettingsSaved: 'Settings saved successfully.',
} as const;
