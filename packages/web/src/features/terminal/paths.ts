/** The terminal's screen: under the device, so the shell opens from the device row and the device page. */
import { dashboardPath } from '../inventory/paths.ts';

export const terminalPath = (id: string) => `${dashboardPath(id)}/terminal`;
/** The device's remote desktop (its VNC server through the tunnel). */
export const desktopPath = (id: string) => `${dashboardPath(id)}/desktop`;
