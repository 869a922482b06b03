// The feed files on disk (docs/decisions/0073): written by generate.ts into FEEDS_DIR, a directory
// every instance sees (the data dir by default; a shared volume with several instances), each as
// `<name>.xml` and `<name>.xml.gz`, replaced by an atomic rename. Each instance serves what the
// directory holds now: opened first, then its size and time read from the open file, so a rename
// during the answer does not mix two files.
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FeedName } from './formats.ts';

export function feedFileName(name: FeedName, gzip: boolean): string {
  return `${name}.xml${gzip ? '.gz' : ''}`;
}

export type OpenFeed = { handle: FileHandle; size: number; modified: Date; etag: string };

/** The newest file of a feed, opened; null before the first one is written. */
export async function openFeedFile(dir: string, name: FeedName, gzip: boolean): Promise<OpenFeed | null> {
  let handle: FileHandle;
  try {
    handle = await open(path.join(dir, feedFileName(name, gzip)), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stat = await handle.stat();
    // size and time say which file it is; every instance reading the same file gives the same tag
    const etag = `"${name}${gzip ? '-gz' : ''}-${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    return { handle, size: stat.size, modified: stat.mtime, etag };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
