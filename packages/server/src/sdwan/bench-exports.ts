/** What the SD-WAN benchmark phase (bench/src/phases/sdwan-plan.ts) measures: the plan and its synthetic networks. */
export { changedConfigs, computeConfigs, configHash } from './plan.ts';
export { fullMesh, hubAndSpoke, network, withSite } from './fixtures.ts';
