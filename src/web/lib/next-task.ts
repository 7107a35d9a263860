/**
 * Resolves in a new task: a message the page sends itself (unlike a timer, never delayed in a
 * background tab). Awaited between two pieces of start-up work, it lets the browser paint and
 * answer input between them (issue 21: no task over 50 ms on a phone).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
