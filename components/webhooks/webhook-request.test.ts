import { describe, expect, it } from "vitest";
import { createWebhookInput } from "@/schemas/webhooks";
import { generateSecret, newWebhookFormState, webhookRequest } from "./webhook-request";

describe("the create form's request", () => {
  it("proposes a fresh generated secret each time the form opens, in the server's old whsec_ format", () => {
    const secrets = Array.from({ length: 50 }, () => newWebhookFormState().secret);
    for (const s of secrets) expect(s).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(new Set(secrets).size).toBe(50);
    expect(generateSecret()).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
  });

  it("sends the proposed secret, sends none once the field is cleared, and always sends a typed one", () => {
    const state = { ...newWebhookFormState(), name: "Orders", url: " https://example.com/hooks " };
    const signed = webhookRequest(state);
    expect(signed).toEqual({
      name: "Orders",
      url: "https://example.com/hooks",
      events: ["message.delivered", "message.failed"],
      secret: state.secret,
    });
    expect(createWebhookInput.safeParse(signed).success).toBe(true);

    const cleared = webhookRequest({ ...state, secret: "" });
    expect(cleared).not.toHaveProperty("secret");
    expect(createWebhookInput.safeParse(cleared).success).toBe(true);

    // Edit's "use my own secret": an empty one is refused, not taken for "unsigned".
    const typed = webhookRequest({ ...state, secretMode: "custom", secret: "" });
    expect(typed).toHaveProperty("secret", "");
    expect(createWebhookInput.safeParse(typed).success).toBe(false);
    expect(webhookRequest({ ...state, secretMode: "keep" })).not.toHaveProperty("secret");
  });
});
