/** The texts of the License app (SPEC 8 'License setting fail', the trial's expiry), spread into `messages`. */
export const licenseMessages = {
  licenseSettingFail: 'License setting fail',
  licenseFormat: 'License setting fail: this file is not a licence.',
  licenseSignatureInvalid:
    "License setting fail: the licence's signature does not match this console's licence key.",
  licenseExpired: 'License setting fail: this licence has expired.',
  licenseDatesInvalid: 'License setting fail: the licence ends before it starts.',
  licenseUploaded: 'Licence uploaded successfully.',
  licenseDeleted: 'Licence deleted successfully.',
  licensePriorityInvalid: 'The priority must be between 1 and the number of licences.',
  licenseLocked:
    'License Lock: this device is not covered by a licence, so its configuration cannot be changed.',
  trialExpired: 'Your trial period has expired. Please contact sales to license your devices.',
  containerLicenseExhausted: 'No container licence is left for this application.',
  salesFirstNameEmpty: 'First name cannot be empty.',
  salesLastNameEmpty: 'Last name cannot be empty.',
  salesContactNameEmpty: 'Contact name cannot be empty.',
  salesLicenseTypeRequired: 'Please select a licence type.',
  salesAmountRange: 'The amount must be between 1 and 100000.',
  salesLengthRequired: 'Please select the length of authorization.',
  salesDescriptionLength: 'The project description must be at most 2000 characters.',
  salesRequestSent: 'Your request was sent to sales.',
  salesSendFailed: 'The request could not be sent.',
} as const;
