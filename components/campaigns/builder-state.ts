import type { CampaignView, CreateCampaignInput } from "@/schemas/campaigns";
import { fromLocalInputValue, toLocalInputValue } from "../messages/schedule-format";

/** The builder's fields as the form holds them (text inputs keep what was typed). */
export interface BuilderState {
  name: string;
  environment: "test" | "live";
  tags: string;
  excludeTags: string;
  template: string;
  appendOptOutText: boolean;
  linkTracking: boolean;
  scheduleLater: boolean;
  scheduledAt: string;
  windowOn: boolean;
  windowStart: string;
  windowEnd: string;
  throttle: string;
  cap: string;
}

const splitTags = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** datetime-local ("2026-11-27T09:00") ↔ ISO, in the browser's zone (components/messages/schedule-format.ts). */
function toLocalInput(iso: string | null): string {
  return iso ? toLocalInputValue(new Date(iso)) : "";
}

export function initialState(c: CampaignView | null): BuilderState {
  return {
    name: c?.name ?? "",
    environment: c?.environment ?? "test",
    tags: c?.audience.tags.join(", ") ?? "",
    excludeTags: c?.audience.excludeTags.join(", ") ?? "",
    template: c?.template ?? "Hi {{firstName|there}}, ",
    appendOptOutText: c?.appendOptOutText ?? true,
    linkTracking: c?.linkTracking ?? true,
    scheduleLater: Boolean(c?.scheduledAt),
    scheduledAt: toLocalInput(c?.scheduledAt ?? null),
    windowOn: Boolean(c?.sendWindow),
    windowStart: c?.sendWindow?.start ?? "09:00",
    windowEnd: c?.sendWindow?.end ?? "20:00",
    throttle: c?.throttlePerMinute ? String(c.throttlePerMinute) : "",
    cap: c?.frequencyCapHours ? String(c.frequencyCapHours) : "",
  };
}

const optionalInt = (text: string) => (text.trim() === "" ? null : Number(text));

/** The request the builder sends (create; update sends the same fields without the environment). */
export function toInput(s: BuilderState): CreateCampaignInput {
  return {
    name: s.name,
    environment: s.environment,
    audience: { tags: splitTags(s.tags), excludeTags: splitTags(s.excludeTags) },
    template: s.template,
    appendOptOutText: s.appendOptOutText,
    linkTracking: s.linkTracking,
    scheduledAt: (s.scheduleLater && fromLocalInputValue(s.scheduledAt)?.toISOString()) || null,
    sendWindow: s.windowOn ? { start: s.windowStart, end: s.windowEnd } : null,
    throttlePerMinute: optionalInt(s.throttle),
    frequencyCapHours: optionalInt(s.cap),
  };
}

export function audienceOf(s: BuilderState) {
  return { tags: splitTags(s.tags), excludeTags: splitTags(s.excludeTags) };
}
