// The open connections of a Node HTTP server, for a shutdown that closes none mid-request.
//
// Node's server.close() also destroys every connection it counts as idle, and that includes one
// accepted a moment ago whose request has not been read yet: its client sees a reset. Here a
// connection is closed only between requests, and only once it has stayed quiet over several
// checks: nothing in progress and no byte read since its last answer (so not even the start of a
// next request). Checks run on a timer, so each one comes after the event loop has polled its
// sockets: a request that had arrived would have been read by then, however slow the loop is.
// During the drain every answer says `Connection: close`, and Node closes those connections itself.

/** Quiet checks before a connection that answered a request is closed (keep-alive, between requests). */
const ANSWERED_QUIET_CHECKS = 2;
/** … and one that never sent anything: a client that connects ahead of time gets this long to speak. */
const FRESH_QUIET_CHECKS = 100;

export function trackConnections(server) {
  /** socket → { requests in progress, requests answered, bytes read when the last one was answered, quiet checks } */
  const sockets = new Map();
  server.on("connection", (socket) => {
    sockets.set(socket, { active: 0, answered: 0, bytesAtAnswer: 0, quiet: 0 });
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.active++;
    res.once("close", () => {
      state.active--;
      state.answered++;
      state.bytesAtAnswer = req.socket.bytesRead;
    });
  });
  return {
    get size() {
      return sockets.size;
    },
    /** One check: close the connections that have stayed quiet long enough; returns how many stay open. */
    closeIdle() {
      for (const [socket, state] of sockets) {
        const quiet = state.active === 0 && socket.bytesRead === state.bytesAtAnswer;
        state.quiet = quiet ? state.quiet + 1 : 0;
        if (state.quiet >= (state.answered > 0 ? ANSWERED_QUIET_CHECKS : FRESH_QUIET_CHECKS)) socket.destroy();
      }
      return sockets.size;
    },
    /** Past the deadline: whatever is left is cut. */
    destroyAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
