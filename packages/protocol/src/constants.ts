/** Business constants and limits of SPEC section 9. */
export const TOAST_DURATION_MS = 5000;
export const TABLE_PAGE_SIZES = [10, 20, 30, 40] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const APPS_PER_DESKTOP_PAGE = 18;
export const SOCKET_RETRY_MS = 1000;
export const SOCKET_MAX_RETRIES = 4;
export const REBOOT_DELAY_MS = 5000;
export const REPORT_INTERVALS_S = [5, 30, 60] as const;
export const USERNAME_LENGTH = { min: 2, max: 32 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const;
export const SSID_MAX_LENGTH = 32;
export const WIFI_PASSWORD_LENGTH = { min: 8, max: 64 } as const;
export const PORT_RANGE = { min: 1, max: 65535 } as const;
export const VLAN_ID_RANGE = { min: 2, max: 4094 } as const;
export const VLAN_TRUNK_IDS = { min: 2, max: 4 } as const;
export const NAT_PREFIX_RANGE = { min: 8, max: 32 } as const;
export const DHCP_MIN_LEASE_S = 60;
export const NUMBER_INPUT_MIN = 1;
export const LOGO_SIZE = { width: 110, height: 40 } as const;
export const TERMINAL_FONT_SIZE = 12;
export const REMOTE_HELP_PORT = 22;
export const SCRIPT_LOAD_TIMEOUT_MS = 120000;
export const DEFAULT_SIM_PIN = '0000';
export const CALENDAR_DAY_START = '10:00';
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * SPEC 9: a fixed interval, or one chosen from the measured latency to the console.
 * Below 100 ms -> 5 s; 100 to below 300 ms -> 30 s; 300 ms or more -> 60 s.
 */
export function reportIntervalForLatency(latencyMs: number): 5 | 30 | 60 {
  if (latencyMs < 100) return 5;
  if (latencyMs < 300) return 30;
  return 60;
}

/** A device is offline after this many missed report intervals (ARCHITECTURE, device protocol). */
export const MISSED_INTERVALS_FOR_OFFLINE = 3;
