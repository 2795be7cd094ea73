import type { ServerResponse } from 'node:http';

/**
 * The responses in flight, counted until their last byte has left the
 * process ('finish' only means handed to the socket), so that a graceful
 * stop can wait for them.
 */
export class InFlight {
  private count = 0;
  private drained: (() => void) | null = null;

  /** True once a stop began: new requests are refused. */
  get draining(): boolean {
    return this.drained !== null;
  }

  /** The 'close' listener of every response the log does not follow: one function for all (`this` is the response). */
  private readonly onClose = closeListener(this);

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
            this.closed(res);
          }
        : this.onClose,
    );
  }

  /** A response closed: settles now, or once its bytes have left the socket. */
  closed(res: ServerResponse): void {
    // the request keeps its socket (the response lets go of it once finished)
    const socket = res.req.socket;
    // 'finish' only handed the bytes to the socket: wait until they drained (or the socket closed)
    if (res.writableFinished && !socket.destroyed && socket.writableLength > 0) {
      // whichever comes first settles and takes the other listener off: a kept-alive socket carries many answers
      const settle = (): void => {
        socket.removeListener('drain', settle);
        socket.removeListener('close', settle);
        this.settle();
      };
      socket.on('drain', settle);
      socket.on('close', settle);
    } else this.settle();
  }

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

/** One 'close' listener for every response of `inFlight` (a function, not an arrow: the emitter passes the response as `this`). */
function closeListener(inFlight: { closed(res: ServerResponse): void }): (this: ServerResponse) => void {
  return function (this: ServerResponse) {
    inFlight.closed(this);
  };
}
