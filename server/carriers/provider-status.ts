import { providerStatusView, type ProviderStatusView } from "@/schemas/carriers";
import { getEnv } from "../env";
import { liveCarriers } from "./live";

/**
 * The configured live providers and their state in this process (an SMPP session's bind state and
 * last error; an HTTP provider's last failure). Nothing secret: parsed through the view schema.
 */
export function getProviderStatus(): ProviderStatusView {
  const live = liveCarriers();
  return providerStatusView.parse({
    liveConfigured: live !== null,
    providers: live?.describe() ?? [],
    pipelineHere: getEnv().MESSAGE_PIPELINE === "on",
  });
}
