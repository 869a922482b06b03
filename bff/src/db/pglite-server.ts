// Serves one PGlite instance over the PostgreSQL wire protocol on a Unix socket, to several client
// connections at once (Prisma's pool, the migration runner, tests).
//
// PGlite is a single PostgreSQL backend: every connection shares its one session, so its
// transaction and its unnamed prepared statement and portal. The connections must therefore take
// turns, and a turn must last as long as that session state belongs to one client: from the
// client's first message until the backend reports ReadyForQuery with status "idle" (no
// transaction open, the Parse/Bind/Execute/Sync round finished). @electric-sql/pglite-socket
// takes turns per single message and so interleaves one client's Parse/Bind with another's
// ("bind message supplies 4 parameters, but prepared statement requires 2", "portal does not
// exist") as soon as a transaction makes others wait; see docs/decisions/0003.
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { silentLog, type LineLog } from '../log.ts';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 'X'.charCodeAt(0);
const READY_FOR_QUERY = 'Z'.charCodeAt(0);
const IDLE = 'I'.charCodeAt(0);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]); // 'S', length 4
const ROLLBACK = Buffer.concat([Buffer.from('Q'), int32(4 + 9), Buffer.from('ROLLBACK\0')]);

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

/** First come, first served: whoever holds the turn uses the backend alone. */
class Turns {
  private last: Promise<void> = Promise.resolve();

  /** Resolves when it is the caller's turn, with the function that ends it. */
  take(): Promise<() => void> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const turn = this.last.then(() => end);
    this.last = this.last.then(() => ended);
    return turn;
  }
}

/** Keeps the last 6 bytes a message produced: a ReadyForQuery ('Z', length 5, status) ends a round. */
class Tail {
  private bytes = Buffer.alloc(0);

  push(chunk: Uint8Array) {
    this.bytes = Buffer.concat([this.bytes, chunk]).subarray(-6);
  }

  /** The status of a ReadyForQuery that ended the output, or null when the round goes on. */
  readyStatus(): number | null {
    const b = this.bytes;
    return b.length === 6 && b[0] === READY_FOR_QUERY && b.readInt32BE(1) === 5 ? b[5] : null;
  }
}

export type PGliteServer = { close: () => Promise<void> };

export async function servePGlite(db: PGlite, socketPath: string, options: { maxConnections?: number; log?: LineLog } = {}): Promise<PGliteServer> {
  const log = options.log ?? silentLog;
  await db.waitReady;
  const turns = new Turns();
  const sockets = new Set<Socket>();

  /** Runs one protocol message on the backend, streaming the answer to the socket. */
  async function execute(socket: Socket | null, message: Uint8Array): Promise<number | null> {
    const tail = new Tail();
    await db.runExclusive(() =>
      db.execProtocolRawStream(message, {
        onRawData: (chunk) => {
          tail.push(chunk);
          if (socket && !socket.destroyed) socket.write(Buffer.from(chunk));
        },
      }),
    );
    return tail.readyStatus();
  }

  function serve(socket: Socket) {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false; // the startup message has been handled
    let endTurn: (() => void) | null = null; // set while this connection holds the backend
    let work: Promise<void> = Promise.resolve();
    let closed = false;

    /** The backend back in a clean state for the next connection: round ended, transaction rolled back. */
    async function release() {
      if (!endTurn) return;
      try {
        if ((await execute(null, SYNC)) !== IDLE) await execute(null, ROLLBACK);
      } catch {
        // nothing more can be done for a backend that fails here; the next client will see it
      }
      endTurn();
      endTurn = null;
    }

    async function handle(message: Buffer) {
      if (!endTurn) endTurn = await turns.take();
      if (closed) return;
      const status = await execute(socket, message);
      if (status === IDLE) {
        endTurn();
        endTurn = null;
      }
    }

    /** Handles every complete message in the buffer, one after another. */
    async function drain() {
      for (;;) {
        if (closed) return;
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N'); // no encryption on a local socket; the client goes on in clear
          } else if (code === CANCEL_REQUEST) {
            socket.end(); // not supported
            return;
          } else {
            started = true;
            await handle(message);
          }
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (message[0] === TERMINATE) {
          socket.end();
          return;
        }
        await handle(message);
      }
    }

    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      work = work.then(drain).catch((error: unknown) => {
        log.error('[embedded database] connection failed', error);
        socket.destroy();
      });
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      // a client that left in the middle of a round or a transaction must not block the others
      work = work.then(release, release);
    });
  }

  const server: Server = createServer(serve);
  server.maxConnections = options.maxConnections ?? 100;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        // closing the listener removes the socket file
        server.close(() => resolve());
      }),
  };
}
