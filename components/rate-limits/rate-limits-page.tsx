import { Gauge } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";

export function RateLimitsPage() {
  return (
    <div>
      <PageHeader
        title="Rate limits"
        description="How many API requests this organization may make per minute, hour and day, and how much of that is in use."
      />
      <EmptyState icon={Gauge} title="No rate-limit data to show yet">
        API requests count against rolling per-minute, per-hour and per-day windows for the whole organization, and
        against per-endpoint limits such as 100 SMS sends per minute. The configured limits and current usage will be
        shown here; a request over a limit is answered with 429 and a Retry-After header.
      </EmptyState>
    </div>
  );
}
