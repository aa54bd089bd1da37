/** The mobileNetwork write calls (settingsCalls, relative to the settings root) this screen makes. */
export const SECTION = 'mobileNetwork' as const;
export const CALLS = {
  apnSetting: 'mobileNetwork/apnSetting',
  saveProfile: 'mobileNetwork/saveProfile',
  deleteProfile: 'mobileNetwork/deleteProfile',
  settingBind: 'mobileNetwork/settingBind',
  simSetting: 'mobileNetwork/simSetting',
} as const;
