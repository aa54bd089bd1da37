/**
 * The agent's own version: set by the build (scripts/build.mjs --version, default the package's version);
 * the development launcher (TypeScript through tsx) says so.
 */
declare const __EDGE_AGENT_VERSION__: string | undefined;

export const AGENT_VERSION: string =
  typeof __EDGE_AGENT_VERSION__ === 'string' ? __EDGE_AGENT_VERSION__ : '0.1.0-dev';
