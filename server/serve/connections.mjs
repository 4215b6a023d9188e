// The open connections of a Node HTTP server, for a shutdown that closes none mid-request.
//
// Node's server.close() also destroys every connection it counts as idle, and that includes one
// accepted a moment ago whose request has not been read yet: its client sees a reset. Here a
// connection is closed only between requests: after it answered one (during the drain every answer
// says `Connection: close`), or when it sent nothing for FRESH_GRACE_MS.

const FRESH_GRACE_MS = 5_000;

export function trackConnections(server) {
  /** socket → { active requests, answered requests, when it connected } */
  const sockets = new Map();
  server.on("connection", (socket) => {
    sockets.set(socket, { active: 0, answered: 0, since: Date.now() });
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.active++;
    res.once("close", () => {
      state.active--;
      state.answered++;
    });
  });
  return {
    get size() {
      return sockets.size;
    },
    /** Close the connections that are between requests; returns how many stay open. */
    closeIdle(now = Date.now()) {
      for (const [socket, state] of sockets) {
        if (state.active > 0) continue;
        if (state.answered > 0 || now - state.since >= FRESH_GRACE_MS) socket.destroy();
      }
      return sockets.size;
    },
    /** Past the deadline: whatever is left is cut. */
    destroyAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
