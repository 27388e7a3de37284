// The labels' backup journal kept in memory, for tests of what reads and writes it.
import type { BackupFile } from '../db/backup-file';

export class MemoryBackupFile implements BackupFile {
  chunks: string[] = [];
  /** When set, appends throw it (a full disk under the journal). */
  failAppends: Error | null = null;

  async append(text: string): Promise<void> {
    if (this.failAppends) throw this.failAppends;
    this.chunks.push(text);
  }

  async rewrite(fn: (text: string, chunks: number) => Promise<string | null>): Promise<void> {
    const next = await fn(this.chunks.join(''), this.chunks.length);
    if (next !== null) this.chunks = [next];
  }

  text(): string {
    return this.chunks.join('');
  }
}
