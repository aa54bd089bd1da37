/**
 * The vendor's licence tool (not part of the console): makes the key pair once, then signs licences.
 *
 *   npx tsx scripts/license-sign.ts keygen --out vendor        # vendor.key (keep it secret), vendor.pub
 *   npx tsx scripts/license-sign.ts sign --key vendor.key --in licence.json --out licence.lic
 *
 * licence.json is the licence's payload (protocol license.ts, licensePayload): id, name, startDate,
 * endDate (YYYY-MM-DD, UTC days), and either devices [{sn, expire?}] or count, plus containers
 * [{applicationName, count}]. The console accepts the file when it was signed with the private key of
 * the public key it ships with (or is given by LICENSE_PUBLIC_KEY).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { generateLicenseKeys, signLicense } from '@edge/server/license-signing';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { key: { type: 'string' }, in: { type: 'string' }, out: { type: 'string' } },
});

if (command === 'keygen' && values.out) {
  const keys = generateLicenseKeys();
  fs.writeFileSync(`${values.out}.key`, keys.privateKeyPem, { mode: 0o600 });
  fs.writeFileSync(`${values.out}.pub`, keys.publicKeyPem);
  console.log(`wrote ${values.out}.key (secret) and ${values.out}.pub`);
} else if (command === 'sign' && values.key && values.in && values.out) {
  const payload: unknown = JSON.parse(fs.readFileSync(values.in, 'utf8'));
  const file = signLicense(payload, fs.readFileSync(values.key, 'utf8'));
  fs.writeFileSync(values.out, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`wrote ${values.out}`);
} else {
  console.error(
    'usage: license-sign.ts keygen --out NAME | sign --key NAME.key --in licence.json --out licence.lic',
  );
  process.exit(2);
}
