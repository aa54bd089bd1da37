/** Shared by AlertDialog and useConfirm: the dialog's title, icon kind and message in the user's language. */
import type { TFunction } from 'i18next';
import { isAlertCode, type AlertCode, type AlertTitle } from '@edge/protocol';

export type AlertKind = 'info' | 'warning';

export interface AlertContent {
  /** One of the coded texts, or a plain (already translated) string. */
  message: AlertCode | string;
  kind?: AlertKind;
  title?: AlertTitle;
}

export const alertMessageText = (t: TFunction, message: AlertCode | string): string =>
  isAlertCode(message) ? t(`alerts.${message}`) : message;

export const alertTitleText = (t: TFunction, title: AlertTitle): string => t(`dialog.${title}`);
