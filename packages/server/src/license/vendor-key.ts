/**
 * The vendor's licence public key, shipped with the console: licences signed with its private key (kept by
 * the vendor, never in this repository) are accepted. LICENSE_PUBLIC_KEY replaces it (tests, a vendor's
 * own build).
 */
export const VENDOR_LICENSE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAK01P9PzeNdEAHOEvBl9XL0BLucKEZ6nhjA3kKtdy3RM=
-----END PUBLIC KEY-----
`;
