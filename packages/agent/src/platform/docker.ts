/**
 * The device's container apps, read from the Docker Engine API over its unix socket (no client library:
 * one GET is all the dashboard needs). No socket, no containers.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { ContainerApp, ContainerState } from '@edge/protocol';
import { uuidOf } from './linux-container-desktop.ts';

export const DOCKER_SOCKET = '/var/run/docker.sock';

interface EngineContainer {
  Id: string;
  Names?: string[];
  State?: string;
  Labels?: Record<string, string>;
}

/** Docker's states folded into SPEC 4's: created, running, exited, never started. */
export function stateOf(engineState: string | undefined): ContainerState {
  switch (engineState) {
    case 'running':
    case 'restarting':
    case 'paused':
      return 'running';
    case 'exited':
    case 'dead':
    case 'removing':
      return 'exited';
    case 'created':
      return 'never started';
    default:
      return 'created';
  }
}

export function hasDocker(socketPath = DOCKER_SOCKET): boolean {
  return fs.existsSync(socketPath);
}

export function listContainers(socketPath = DOCKER_SOCKET, timeoutMs = 1500): Promise<ContainerApp[]> {
  return new Promise((resolve) => {
    const request = http.get(
      { socketPath, path: '/containers/json?all=1', timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          try {
            const list = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EngineContainer[];
            resolve(
              list.slice(0, 256).map((c) => ({
                name: (c.Names?.[0] ?? c.Id).replace(/^\//, '').slice(0, 128),
                state: stateOf(c.State),
                id: c.Id.slice(0, 64),
                UUID: uuidOf(c.Labels),
              })),
            );
          } catch {
            resolve([]);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve([]));
  });
}
