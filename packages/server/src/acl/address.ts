/** The caller's address as the lists hold it: an IPv4 client reaching a dual-stack socket shows as ::ffff:a.b.c.d. */
export function clientAddress(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
