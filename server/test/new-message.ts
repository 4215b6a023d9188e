import { newId } from "../ids";
import type { NewMessage } from "../messages/insert-messages";

/** A sandbox message of the organization, ready for insertMessages; `extra` overrides any field. */
export function newMessage(organizationId: string, extra: Partial<NewMessage> = {}): NewMessage {
  return {
    id: newId("msg"),
    organizationId,
    apiKeyId: null,
    batchId: null,
    otpId: null,
    environment: "test",
    to: "+14155550123",
    from: "SG",
    body: "hello",
    segments: 1,
    encoding: "GSM-7",
    ...extra,
  };
}
