/**
 * One timer for many devices: tasks wait in a min-heap ordered by due time, and a single Node timer is
 * armed for the earliest. A fleet of 10,000 simulated devices then costs one timer instead of tens of
 * thousands of setIntervals, and the agent uses the same code with one device. Due tasks run in slices of a
 * few milliseconds, so what arrives meanwhile is not held behind a whole fleet's work.
 */
export type Cancel = () => void;

export interface Scheduler {
  /** Runs fn once after ms. */
  after(ms: number, fn: () => void): Cancel;
  /** Runs fn every ms, first after ms. */
  every(ms: number, fn: () => void): Cancel;
  now(): number;
  /** Cancels everything. */
  stop(): void;
}

/** How long one run of due tasks may hold the event loop before it lets waiting I/O in. */
const SLICE_MS = 5;

interface Task {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

const earlier = (a: Task, b: Task) => a.due < b.due || (a.due === b.due && a.seq < b.seq);

export class HeapScheduler implements Scheduler {
  private heap: Task[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;
  /** The rest of a run that yielded to the event loop. */
  private yielding: NodeJS.Immediate | null = null;

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  now(): number {
    return Date.now();
  }

  after(ms: number, fn: () => void): Cancel {
    const task: Task = { due: this.now() + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.push(task);
    this.arm();
    return () => {
      task.cancelled = true;
    };
  }

  every(ms: number, fn: () => void): Cancel {
    let cancel: Cancel = () => undefined;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      cancel = this.after(ms, tick);
      fn();
    };
    cancel = this.after(ms, tick);
    return () => {
      stopped = true;
      cancel();
    };
  }

  stop(): void {
    for (const task of this.heap) task.cancelled = true;
    this.heap = [];
    if (this.timer) clearTimeout(this.timer);
    if (this.yielding) clearImmediate(this.yielding);
    this.timer = null;
    this.yielding = null;
    this.armedFor = Infinity;
  }

  /** Number of tasks waiting (cancelled ones leave lazily). */
  get size(): number {
    return this.heap.length;
  }

  private arm(): void {
    const top = this.heap[0];
    // A slice that yielded runs again by itself and arms the timer then.
    if (!top || top.due >= this.armedFor || this.yielding) return;
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = top.due;
    this.timer = setTimeout(() => this.run(), Math.max(0, top.due - this.now()));
  }

  private run(): void {
    this.timer = null;
    this.armedFor = Infinity;
    const now = this.now();
    const started = performance.now();
    // Only what is due now; tasks scheduled by these run in a later turn.
    while (this.heap.length > 0 && this.heap[0]!.due <= now) {
      // A fleet's reports due together (or piled up while the machine was busy) would hold the loop for
      // their whole run: past a slice the rest waits behind what came in meanwhile (a terminal's keystroke,
      // an RPC), so a device's answer waits for one slice at most, not for thousands of reports.
      if (performance.now() - started >= SLICE_MS) {
        this.yielding = setImmediate(() => {
          this.yielding = null;
          this.run();
        });
        return;
      }
      const task = this.pop()!;
      if (task.cancelled) continue;
      try {
        task.fn();
      } catch (err) {
        this.onError(err);
      }
    }
    this.arm();
  }

  private push(task: Task): void {
    const heap = this.heap;
    heap.push(task);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): Task | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < heap.length && earlier(heap[l]!, heap[min]!)) min = l;
        if (r < heap.length && earlier(heap[r]!, heap[min]!)) min = r;
        if (min === i) break;
        [heap[i], heap[min]] = [heap[min]!, heap[i]!];
        i = min;
      }
    }
    return top;
  }
}
