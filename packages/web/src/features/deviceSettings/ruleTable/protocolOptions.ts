/**
 * The protocol choices of the rule forms. Protocol names (TCP, UDP) are shown as they are: they are not
 * words to translate. The port inputs set no min/max of their own, so an out-of-range port is not
 * clamped away but answered with the protocol's 'Port must be between 1 and 65535.'.
 */
export const protocolOptions = (protocols: readonly string[]) =>
  protocols.map((protocol) => ({ value: protocol, label: protocol }));
