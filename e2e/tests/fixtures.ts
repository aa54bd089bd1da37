export const E2E_ADMIN_PASSWORD = 'E2e-admin-pass-42';
/** Size of the simulated fleet the browser tests run against. */
export const E2E_DEMO_DEVICES = 12;
