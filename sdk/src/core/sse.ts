/** One Server-Sent Events message (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseMessage {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
  /** The `id:` field, when the message set one. */
  id: string | undefined;
  /** The `retry:` field (milliseconds), when set. */
  retry: number | undefined;
}

/**
 * Parse a byte stream into SSE messages, as the specification's algorithm does: lines end in LF,
 * CR or CRLF; comment lines (`:`) are skipped; a blank line dispatches the message; a message with
 * no data and no id is dropped.
 */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  let retry: number | undefined;
  let sawField = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A trailing CR may be the first half of CRLF: wait for the next chunk.
        if (buffer[nl] === "\r" && nl === buffer.length - 1) break;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith("\r\n", nl) ? 2 : 1));
        if (line === "") {
          if (sawField && (data.length > 0 || id !== undefined)) {
            yield { event: event || "message", data: data.join("\n"), id, retry };
          }
          data = [];
          event = "";
          id = undefined;
          retry = undefined;
          sawField = false;
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let val = colon < 0 ? "" : line.slice(colon + 1);
        if (val.startsWith(" ")) val = val.slice(1);
        sawField = true;
        if (field === "data") data.push(val);
        else if (field === "event") event = val;
        else if (field === "id" && !val.includes("\0")) id = val;
        else if (field === "retry" && /^\d+$/.test(val)) retry = Number(val);
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
