/**
 * A terminal session as asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a header line, then
 * `[seconds, "o", text]` for output and `[seconds, "r", "COLSxROWS"]` for resizes. Keystrokes are not
 * recorded (passwords are typed there); what the shell echoes is. Past the cap the recording stops and
 * says so, so a `cat` of a large file cannot fill the database.
 */
export const RECORDING_CAP_BYTES = 1024 * 1024;

export class Recording {
  private readonly lines: string[];
  private size = 0;
  private full = false;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly startedAt: number,
    size: { cols: number; rows: number },
    private readonly cap = RECORDING_CAP_BYTES,
  ) {
    const header = {
      version: 2,
      width: size.cols,
      height: size.rows,
      timestamp: Math.floor(startedAt / 1000),
      env: { TERM: 'xterm-256color' },
    };
    this.lines = [JSON.stringify(header)];
  }

  output(data: Uint8Array, at = Date.now()): void {
    // Streaming: a UTF-8 character split across two frames is decoded whole.
    this.add('o', this.decoder.decode(data, { stream: true }), at);
  }

  resize(size: { cols: number; rows: number }, at = Date.now()): void {
    this.add('r', `${size.cols}x${size.rows}`, at);
  }

  /** The recording so far, one JSON document a line. */
  text(): string {
    return `${this.lines.join('\n')}\n`;
  }

  private add(kind: 'o' | 'r', text: string, at: number): void {
    if (this.full || text === '') return;
    const line = JSON.stringify([Math.max(0, (at - this.startedAt) / 1000), kind, text]);
    if (this.size + line.length > this.cap) {
      this.full = true;
      const note = '\r\n[recording stopped: size limit reached]\r\n';
      this.lines.push(JSON.stringify([(at - this.startedAt) / 1000, 'o', note]));
      return;
    }
    this.size += line.length;
    this.lines.push(line);
  }
}
