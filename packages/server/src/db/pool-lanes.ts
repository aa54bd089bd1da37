/**
 * Connections of the PostgreSQL pool kept for operators' requests. A fleet-wide job (every step writes) and
 * the devices' reports can keep all of a pool's connections busy with a queue behind them; an operator's
 * request then waited in that queue for its session alone, and inventory/list took over a second during a
 * profile rollout to 10,000 devices. Work outside a request may hold at most `backgroundMax` connections;
 * a request takes any free one, so it waits for at most the statements already running.
 *
 * A request runs in the operators' lane from its first hook (server.ts). Work a request starts that goes on
 * after it (a job's ticks) leaves the lane where it is scheduled (`outsideOperatorLane`), or it would take
 * the reserved connections with it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const operatorLane = new AsyncLocalStorage<true>();

/** Runs `work` (a request, from its first hook on) in the operators' lane. */
export const inOperatorLane = <T>(work: () => T): T => operatorLane.run(true, work);

/** Runs `work` outside the operators' lane: what it schedules is background work whoever started it. */
export const outsideOperatorLane = <T>(work: () => T): T => operatorLane.exit(work);

export interface PooledClient {
  release(err?: Error | boolean): void;
}

/**
 * `connect` (the pool's), with the background's share limited: a background caller beyond `backgroundMax`
 * held connections waits for one of them to be released, in the order they asked.
 */
export function laneGate<C extends PooledClient>(
  connect: () => Promise<C>,
  backgroundMax: number,
): () => Promise<C> {
  let held = 0;
  const waiting: (() => void)[] = [];
  const slot = (): Promise<void> => {
    if (held < backgroundMax) {
      held++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  // The slot passes to the next in line, or is given back.
  const free = () => {
    const next = waiting.shift();
    if (next) next();
    else held--;
  };

  return async () => {
    if (operatorLane.getStore()) return connect();
    await slot();
    let client: C;
    try {
      client = await connect();
    } catch (err) {
      free();
      throw err;
    }
    // The pool hands the same client out again later, perhaps to a request: its own release comes back then.
    const release = client.release;
    client.release = (err) => {
      client.release = release;
      free();
      release.call(client, err);
    };
    return client;
  };
}
