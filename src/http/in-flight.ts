import type { IncomingMessage, ServerResponse } from 'node:http';

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

  /** Counts a response until its bytes are out, or its client left. */
  track(req: IncomingMessage, res: ServerResponse): void {
    this.count++;
    const socket = req.socket;
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      if (--this.count === 0 && this.drained) this.drained();
    };
    res.once('finish', () => (socket.writableLength > 0 ? (socket.once('drain', settle), socket.once('close', settle)) : settle()));
    // a client that goes away before the last bytes drain must still count as done
    res.once('close', () => {
      if (!res.writableFinished) settle();
    });
  }

  /** Refuses new requests from now on; resolves once every response in flight is written out. */
  drain(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.drained = resolve;
      if (this.count === 0) resolve();
    });
  }
}
