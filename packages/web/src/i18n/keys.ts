/** A key of the catalogues, checked by the compiler against en.json. */
import type { ParseKeys } from 'i18next';

export type TKey = ParseKeys;
