/** What an event is about, for a list row: the message, code or number its payload names. */
export function eventSubject(payload: Record<string, unknown>): string {
  for (const key of ["messageId", "otpId", "phone", "prefix", "webhookId"]) {
    const v = payload[key];
    if (typeof v === "string") return v;
  }
  return "";
}

/** The phone number an event concerns, when it has one. */
export function eventPhone(payload: Record<string, unknown>): string {
  for (const key of ["to", "from", "phone"]) {
    const v = payload[key];
    if (typeof v === "string") return v;
  }
  return "";
}
