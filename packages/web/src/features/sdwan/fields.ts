/** The request fields each SD-WAN form checks against its protocol schema, and the kinds of rows. */
export const SITE_FIELDS = ['name', 'lans', 'exitNodeId'] as const;
export const NODE_FIELDS = ['deviceId', 'siteId', 'relay', 'endpoint', 'listenPort', 'onBoot'] as const;
export const LINK_FIELDS = ['siteA', 'siteB', 'mode', 'relayId', 'rateLimitMbps', 'rules'] as const;
export const SUBNET_FIELDS = ['cidr', 'rangeStart', 'rangeEnd'] as const;

export const KIND = { site: 'site', node: 'node', link: 'link', subnet: 'subnet' } as const;
export type Kind = keyof typeof KIND;
