// Connections the kernel has completed for a listening port that the process has not accepted yet.
//
// Closing a listening socket resets every connection still in its accept queue: their clients,
// which had connected and sent their request, see ECONNRESET. While the event loop is busy (a slow
// machine, many requests at once) connections can wait there for seconds, so a shutdown must not
// stop listening until the queue is empty (shutdown.mjs). Linux reports the queue's length in
// /proc/net/tcp{,6}: for a socket in LISTEN state (0A), `rx_queue` is its accept queue.

import { readFile } from "node:fs/promises";

const LISTEN = "0A";

/** The accept queue's length for `port` (all addresses), or null where the system does not say. */
export async function queuedConnections(port) {
  let total = null;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = await readFile(file, "utf8");
    } catch {
      continue;
    }
    total ??= 0;
    for (const line of text.split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== LISTEN || !local || !queues) continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16) !== port) continue;
      total += Number.parseInt(queues.split(":")[1] ?? "0", 16);
    }
  }
  return total;
}
