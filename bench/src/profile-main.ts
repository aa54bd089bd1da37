/** `npx tsx bench/src/profile-main.ts FILE.cpuprofile [TOP]`: prints the top self-time functions and packages. */
import { profileReport } from './profile-summary.ts';

const [file, top] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: tsx bench/src/profile-main.ts FILE.cpuprofile [TOP]\n');
  process.exit(2);
}
process.stdout.write(`${profileReport(file, top ? Number(top) : 25)}\n`);
