"use client";

import { useState } from "react";

/**
 * Refreshing for a list whose rows move on their own: every `everyMs` while what is in flight
 * keeps changing, stopping once it has stayed the same for `quietMs` (a row that never settles,
 * such as a message that stays SENT, is not polled forever).
 */
export function usePollWhileMoving(everyMs: number, quietMs: number) {
  const [poll, setPoll] = useState({ key: "", since: 0 });
  return {
    /** For the query's options. */
    refetchInterval: (query: { state: { dataUpdatedAt: number } }) =>
      poll.key && query.state.dataUpdatedAt - poll.since < quietMs ? everyMs : false,
    /**
     * Call while rendering with the rows in flight (ids and progress, "" for none) and when the
     * data was fetched: a new key starts the quiet period over.
     */
    track(key: string, updatedAt: number) {
      if (key !== poll.key) setPoll({ key, since: updatedAt });
    },
  };
}
