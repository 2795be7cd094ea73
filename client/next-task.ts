/**
 * Ends the current task and resumes in a new one, so a long start-up runs as
 * several short tasks the browser can answer input between (Total Blocking
 * Time, issue 15): `scheduler.yield()` where the browser has it (the rest
 * keeps its place ahead of other queued work), else a message to this page,
 * which, unlike a 0 ms timeout, is not clamped to 4 ms.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
