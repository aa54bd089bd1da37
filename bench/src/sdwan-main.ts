/**
 * `npx tsx bench/src/sdwan-main.ts [SCALE]`: the SD-WAN control-plane phase alone (phases/sdwan-plan.ts),
 * at full size (1,000-site hub-and-spoke, 200-site full mesh) or scaled down (0.5: half of each).
 */
import { formatSdwanPlan, measureSdwanPlan } from './phases/sdwan-plan.ts';

const scale = Number(process.argv[2] ?? 1);
if (!(scale > 0)) {
  console.error('usage: sdwan-main.ts [SCALE > 0]');
  process.exit(2);
}
const figures = measureSdwanPlan(scale);
console.log(formatSdwanPlan(figures));
if (figures.some((f) => !f.addExact)) process.exit(1);
