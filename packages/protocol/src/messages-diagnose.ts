/**
 * Texts of Diagnose (issue 15): what a bad test request is told, and why a test failed on a device. A
 * step's failure reason is one of these codes, so the web shows it in the reader's language.
 */
export const diagnoseMessages = {
  diagnoseTargetEmpty: 'Target cannot be empty.',
  diagnoseTargetInvalid: 'Target must be an IP address or a host name.',
  diagnoseCountRange: 'Count must be between 1 and 100.',
  diagnoseIntervalRange: 'Interval must be between 0.2 and 60 seconds.',
  diagnoseMaxTtlRange: 'Max TTL must be between 1 and 64.',
  diagnoseServerRequired: 'A client needs a server address.',
  diagnoseBandwidthRange: 'Bandwidth must be between 0 and 10000 Mbit/s.',
  diagnosePacketSizeRange: 'Packet size must be between 0 and 65507 bytes.',
  diagnoseDurationRange: 'Duration must be between 1 and 300 seconds.',
  diagnoseReportIntervalRange: 'Report interval must be between 1 and 60 seconds.',
  diagnoseServerUrl: 'Server must be an http:// or https:// address.',
  diagnoseBytesRange: 'Test size must be between 64 KB and 512 MB.',
  diagnoseDevicesRequired: 'Please select at least one device or a group.',
  diagnoseGroupEmpty: 'The group has no devices.',
  diagnoseStarted: 'Test started.',
  // Why a test failed on one device (a job step's reason).
  diagnoseDeviceOffline: 'The device went offline during the test.',
  diagnoseDeviceTimeout: 'The device did not finish the test in time.',
  diagnoseUnsupported: 'This device cannot run this test.',
  diagnoseDeviceBusy: 'The device is busy with another test.',
  diagnoseToolFailed: 'The test failed on the device.',
  diagnoseNoServer: "No speedtest server: name one, or set the console's public address (PUBLIC_URL).",
  speedtestTokenInvalid: 'This speedtest link is invalid or has expired.',
} as const;
