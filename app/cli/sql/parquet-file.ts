// A Parquet stream's sink on disk: hyparquet-writer's ByteWriter emptied into an open file after
// each row group, so the bytes held are one group's, never the file's.
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { ByteWriter } from 'hyparquet-writer';

export class ParquetFile extends ByteWriter {
  private fd: number | null;

  /** Creates (or empties) `path`; throws, naming it, when it cannot be opened for writing. */
  constructor(readonly path: string) {
    super(1 << 20);
    this.fd = openSync(path, 'w');
  }

  flush(): void {
    if (this.fd === null) throw new Error(`${this.path}: written after it was closed`);
    let at = 0;
    while (at < this.index) at += writeSync(this.fd, new Uint8Array(this.buffer, at, this.index - at));
    this.index = 0;
  }

  /** The footer's bytes out, then the file synced and closed. */
  override finish(): void {
    this.flush();
    fsyncSync(this.fd as number);
    this.close();
  }

  /** Closes the file without writing more (on a failure; the caller removes it). */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
