/** Texts of Statistics, Dashboard and Clients (issue 18); 'Invalid MAC format' is SPEC 5's own words. */
export const statisticsMessages = {
  statisticsTargetsRequired: 'Please select at least one device or group to compare.',
  statisticsTargetsMax: 'Compare at most 20 devices or groups.',
  statisticsViewNameEmpty: 'Name cannot be empty.',
  statisticsViewNameLength: 'Name must be at most 64 characters.',
  statisticsViewNotFound: 'Saved view not found.',
  statisticsPdfBusy: 'Other reports are being made. Try again in a moment.',
} as const;
