/** Texts of the terminal and remote access (issue 19): why a terminal or a recording is refused. */
export const terminalMessages = {
  secureModeRefusesAccess: "The device's secure mode (OrpheLink Only) does not allow remote access.",
  terminalSessionNotFound: 'Terminal session not found.',
  jumpLinkInvalid: 'This jump link is invalid or has expired.',
  remoteHelpOff: 'Remote help is off on this device: its port 22 cannot be reached.',
} as const;
