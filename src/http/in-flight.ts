import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A socket's pipelined answers not yet closed, and its 'close' listener. */
interface Queue {
  answers: Set<() => void>;
  gone: () => void;
}

/**
 * The responses in flight, counted until their last byte has left the
 * process, so that a graceful stop can wait for them. A response's 'finish'
 * comes from the socket's callback of its last write, once its bytes have
 * left the process: its 'close' (after 'finish', or once its client has
 * gone) ends it. The bytes a socket still holds then are later pipelined
 * answers', which those count (issue 24, round 5: waiting for the socket's
 * 'drain' here waited for them, and for ever when their writes never filled
 * the socket's buffer, so no 'drain' came).
 */
export class InFlight {
  private count = 0;
  private drained: (() => void) | null = null;

  /** True once a stop began: new requests are refused. */
  get draining(): boolean {
    return this.drained !== null;
  }

  /** The 'close' listener of every response the log does not follow: one function for all. */
  private readonly onClose = (): void => this.settle();

  /** the queued answers of each socket that has some (queueOf) */
  private readonly queued = new WeakMap<Socket, Queue>();

  /**
   * Counts a response until its bytes are out, or its client left: one
   * listener per response ('close' follows 'finish', or a client that went
   * away), the same function for every response unless `alsoOnClose` (the
   * access log) is to run first: the least the shared front door can do per
   * request (issue 24).
   */
  track(res: ServerResponse, alsoOnClose?: () => void): void {
    this.count++;
    const closed = alsoOnClose
      ? () => {
          alsoOnClose();
          this.settle();
        }
      : this.onClose;
    if (res.socket) return void res.on('close', closed);
    // a pipelined answer queued behind another: Node 20 never closes it when its client goes (Node 24 does), so its socket's 'close' ends it too, once
    const socket = res.req.socket;
    const queue = this.queueOf(socket);
    const once = (): void => {
      res.removeListener('close', once);
      queue.answers.delete(once);
      // the socket keeps no listener of ours once none of its answers waits
      if (queue.answers.size === 0) {
        socket.removeListener('close', queue.gone);
        this.queued.delete(socket);
      }
      closed();
    };
    queue.answers.add(once);
    res.on('close', once);
  }

  /** The queued answers of a socket and the one 'close' listener that ends them all if it goes first. */
  private queueOf(socket: Socket): Queue {
    const known = this.queued.get(socket);
    if (known) return known;
    const answers = new Set<() => void>();
    const queue: Queue = { answers, gone: () => [...answers].forEach((end) => end()) };
    this.queued.set(socket, queue);
    socket.on('close', queue.gone);
    return queue;
  }

  /** A response closed: its bytes are out, or its client has gone. */
  private settle(): void {
    if (--this.count === 0 && this.drained) this.drained();
  }

  /** Refuses new requests from now on; resolves once every response in flight is written out. */
  drain(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.drained = resolve;
      if (this.count === 0) resolve();
    });
  }
}
