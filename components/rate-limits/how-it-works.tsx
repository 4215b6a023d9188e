import { Clock, Layers, Reply } from "lucide-react";

const POINTS = [
  {
    icon: Clock,
    text: "Windows are rolling: a request counts for exactly 60 seconds, 60 minutes or 24 hours after it was made, with no reset on the hour.",
  },
  {
    icon: Layers,
    text: "Organization caps and per-endpoint limits both apply; the most restrictive one decides, and a refused request gets 429 with Retry-After.",
  },
  {
    icon: Reply,
    text: "Every API response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset for its most restrictive window.",
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="rate-limits-how" className="mt-10">
      <h2 id="rate-limits-how" className="text-sm font-semibold text-slate-900">
        How rate limiting works
      </h2>
      <ul className="mt-3 space-y-2">
        {POINTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2.5 text-sm text-slate-600">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
