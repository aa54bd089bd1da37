/**
 * The device's end of the tunnel (protocol tunnel.ts): the streams the console opened, each on its own
 * `tty/{session}` topics of this device's MQTT connection. Output goes out only as far as the console's
 * credit reaches; past it the shell is paused (a PTY stops being read, so the shell blocks on its writes),
 * so nothing here grows without bound either.
 */
import { CreditWindow, decodeFrame, encodeFrame, TUNNEL_WINDOW, type TunnelFrame } from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import { PlatformRefusal } from '../platform/platform.ts';
import type { TerminalIo, TerminalSession, TunnelHost } from '../ports/terminal.ts';

/** Streams open at once; more are refused as busy (each is a process on a small router). */
export const MAX_STREAMS = 8;
/** Output kept while paused, past which the stream is closed: a shell that ignores pausing. */
const MAX_QUEUED = 4 * TUNNEL_WINDOW;

export interface TunnelLink {
  /** This device's `tty/{session}/{direction}` topic, or null while it has no identity. */
  topic(session: string, direction: 'in' | 'out'): string | null;
  publish(topic: string, payload: Uint8Array): void;
  subscribe(topic: string): Promise<void>;
  unsubscribe(topic: string): void;
}

interface Stream {
  id: string;
  in: string;
  out: string;
  session: TerminalSession | null;
  credit: CreditWindow;
  queue: Uint8Array[];
  queued: number;
  paused: boolean;
  /** The shell ended with this reason; the stream closes once its last output went. */
  ending: string | null;
  /** Input received and not yet taken by the session; never past the window the console was given. */
  unwritten: number;
  /** Input taken whose credit has not gone back yet (sent once per turn of the event loop). */
  owed: number;
}

export class Tunnels implements TunnelHost {
  private readonly streams = new Map<string, Stream>();
  private readonly byInTopic = new Map<string, Stream>();

  constructor(
    private readonly link: TunnelLink,
    private readonly log: AgentLog,
  ) {}

  /** Streams open now. */
  get count(): number {
    return this.streams.size;
  }

  async open(
    id: string,
    window: number,
    start: (io: TerminalIo) => Promise<TerminalSession>,
  ): Promise<{ shell: string; window: number }> {
    if (this.streams.has(id)) throw new PlatformRefusal('busy', 'This session is already open.');
    if (this.streams.size >= MAX_STREAMS)
      throw new PlatformRefusal('busy', 'Too many terminals are open on this device.');
    const inTopic = this.link.topic(id, 'in');
    const outTopic = this.link.topic(id, 'out');
    if (!inTopic || !outTopic) throw new PlatformRefusal('failed', 'The device is not connected.');
    const stream: Stream = {
      id,
      in: inTopic,
      out: outTopic,
      session: null,
      credit: new CreditWindow(window),
      queue: [],
      queued: 0,
      paused: false,
      ending: null,
      unwritten: 0,
      owed: 0,
    };
    this.streams.set(id, stream);
    this.byInTopic.set(inTopic, stream);
    try {
      // Subscribed before answering, so the console's first keystrokes are not lost.
      await this.link.subscribe(inTopic);
      stream.session = await start({
        output: (data) => this.output(stream, data),
        ended: (reason) => {
          stream.ending = reason;
          this.pump(stream);
        },
      });
      this.log.info('tunnel opened', { session: id, shell: stream.session.shell });
      return { shell: stream.session.shell, window: TUNNEL_WINDOW };
    } catch (err) {
      this.finish(stream, 'failed to start', false);
      throw err;
    }
  }

  close(id: string): boolean {
    const stream = this.streams.get(id);
    if (!stream) return false;
    this.finish(stream, 'closed by the console', false);
    return true;
  }

  /** A message on one of our tty topics; false when the topic is none of ours. */
  handle(topic: string, payload: Uint8Array): boolean {
    const stream = this.byInTopic.get(topic);
    if (!stream) return topic.includes('/tty/');
    const frame = decodeFrame(payload);
    if (!frame) {
      this.finish(stream, 'bad frame', true);
      return true;
    }
    this.receive(stream, frame);
    return true;
  }

  /** The connection is gone: every stream with it (the console closes its side when we go offline). */
  closeAll(): void {
    for (const stream of [...this.streams.values()]) this.finish(stream, 'disconnected', false);
  }

  private receive(stream: Stream, frame: TunnelFrame): void {
    switch (frame.type) {
      case 'data': {
        const n = frame.data.length;
        stream.unwritten += n;
        if (stream.unwritten > TUNNEL_WINDOW) return this.finish(stream, 'input past its credit', true);
        const taking = stream.session?.write(frame.data);
        if (taking instanceof Promise)
          void taking.then(
            () => this.written(stream, n),
            () => this.written(stream, n),
          );
        else this.written(stream, n);
        return;
      }
      case 'resize':
        stream.session?.resize(frame);
        return;
      case 'credit':
        stream.credit.grant(frame.bytes);
        this.pump(stream);
        return;
      case 'close':
        this.finish(stream, frame.reason, false);
    }
  }

  /** The session took `n` bytes of input: their credit goes back, in one frame per turn of the event loop. */
  private written(stream: Stream, n: number): void {
    stream.unwritten -= n;
    stream.owed += n;
    if (stream.owed !== n) return;
    setImmediate(() => {
      if (this.streams.get(stream.id) !== stream || stream.owed === 0) return;
      this.link.publish(stream.out, encodeFrame({ type: 'credit', bytes: stream.owed }));
      stream.owed = 0;
    });
  }

  private output(stream: Stream, data: Uint8Array): void {
    if (!this.streams.has(stream.id) || data.length === 0) return;
    stream.queue.push(data);
    stream.queued += data.length;
    if (stream.queued > MAX_QUEUED) return this.finish(stream, 'output not paused', true);
    this.pump(stream);
  }

  /** Sends what credit allows; pauses the shell when some must wait, resumes it once all went. */
  private pump(stream: Stream): void {
    while (stream.queue.length > 0) {
      const head = stream.queue[0]!;
      const n = stream.credit.take(head.length);
      if (n === 0) break;
      this.link.publish(stream.out, encodeFrame({ type: 'data', data: head.subarray(0, n) }));
      stream.queued -= n;
      if (n === head.length) stream.queue.shift();
      else stream.queue[0] = head.subarray(n);
    }
    const waiting = stream.queue.length > 0;
    if (!waiting && stream.ending !== null) return this.finish(stream, stream.ending, true);
    if (waiting !== stream.paused) {
      stream.paused = waiting;
      if (waiting) stream.session?.pause();
      else stream.session?.resume();
    }
  }

  private finish(stream: Stream, reason: string, tellConsole: boolean): void {
    if (this.streams.get(stream.id) !== stream) return;
    this.streams.delete(stream.id);
    this.byInTopic.delete(stream.in);
    this.link.unsubscribe(stream.in);
    if (tellConsole) this.link.publish(stream.out, encodeFrame({ type: 'close', reason }));
    stream.session?.close();
    this.log.info('tunnel closed', { session: stream.id, reason });
  }
}
