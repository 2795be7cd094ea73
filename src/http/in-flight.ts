import type { ServerResponse } from 'node:http';

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

  /**
   * Counts a response until its bytes are out, or its client left: one
   * listener per response ('close' follows 'finish', or a client that went
   * away), the same function for every response unless `alsoOnClose` (the
   * access log) is to run first: the least the shared front door can do per
   * request (issue 24).
   */
  track(res: ServerResponse, alsoOnClose?: () => void): void {
    this.count++;
    res.on(
      'close',
      alsoOnClose
        ? () => {
            alsoOnClose();
            this.settle();
          }
        : this.onClose,
    );
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
