/** Texts of the terminal and remote access (issue 19): why a terminal or a recording is refused. */
export const terminalMessages = {
  secureModeRefusesAccess: "The device's secure mode (OrpheLink Only) does not allow remote access.",
  terminalSessionNotFound: 'Terminal session not found.',
  jumpLinkInvalid: 'This jump link is invalid or has expired.',
  jumpDomainMissing:
    'Jump to device needs a jump domain: set JUMP_DOMAIN to a domain whose every name (wildcard DNS) reaches this console, or open the console as localhost.',
  jumpServiceName: 'Enter a service name of 1 to 32 characters.',
  jumpServiceDuplicate: 'A service on this port already exists.',
  jumpServiceNotFound: 'This device offers no service on this port to jump to.',
  remoteHelpOff: 'Remote help is off on this device: its port 22 cannot be reached.',
} as const;
