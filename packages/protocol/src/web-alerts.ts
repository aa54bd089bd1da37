/**
 * The coded texts of the console's modal alert dialog (SPEC 2, shared widgets): the dialog shows one of
 * these by code (translated by the web catalogues under `alerts.<code>`) or a plain string.
 * The English words live here so every catalogue and test can be checked against one list.
 */
export const alertMessages = {
  confirmDelete: 'Are you sure you want to delete this item? It cannot be recovered.',
  confirmEdit: 'Are you sure you want to save these changes?',
  unsavedChanges: 'You have unsaved changes. Leave this page anyway?',
  confirmLogout: 'Are you sure you want to log out?',
  confirmRestore:
    'Restore the system from this backup? The restore cannot be interrupted and the device restarts afterwards.',
  confirmReboot: 'Are you sure you want to reboot this device?',
  confirmShutdown: 'Are you sure you want to shut down this device?',
  confirmApply: 'Apply these settings? The device may restart automatically.',
  confirmSuspend: 'Suspend this account? The user can no longer sign in; their data is kept.',
  confirmReset: 'Are you sure you want to reset?',
  irreversible: 'This operation will not be able to revert',
  confirmBlock: 'Are you sure you want to block this device?',
  confirmFactoryDefault: 'Revert this device to factory default settings?',
  confirmSwitchMode: 'Switching mode may interrupt the connection to the device. Continue?',
} as const;

export type AlertCode = keyof typeof alertMessages;
export const ALERT_CODES = Object.keys(alertMessages) as AlertCode[];
export const isAlertCode = (v: unknown): v is AlertCode => typeof v === 'string' && v in alertMessages;

/** Titles of the alert dialog (SPEC 2). */
export const ALERT_TITLES = ['confirmation', 'invalid', 'hint', 'success', 'error'] as const;
export type AlertTitle = (typeof ALERT_TITLES)[number];
