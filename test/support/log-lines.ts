import { Writable } from 'node:stream';

/** pino's levels the tests read. */
export const INFO = 30;
export const WARN = 40;

/** A server's log (pino's JSON lines) kept for a test to read: each line's text, its record, its message. */
export class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly text: string[] = [];
  override _write(chunk: Buffer, _e: string, done: () => void): void {
    for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) {
      this.text.push(l);
      this.lines.push(JSON.parse(l) as never);
    }
    done();
  }
  /** The records logged at `level`. */
  records(level: number): Record<string, unknown>[] {
    return this.lines.filter((l) => l.level === level);
  }
  /** The messages logged at `level`. */
  at(level: number): string[] {
    return this.records(level).map((l) => String(l.msg));
  }
}
