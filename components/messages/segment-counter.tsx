import { TriangleAlert } from "lucide-react";
import { MAX_BODY_LENGTH } from "@/schemas/messages";
import { countSegments } from "@/schemas/segments";
import { cn } from "../ui/cn";

/**
 * Live segment count under the body field, as the API will bill it (GSM 03.38). Says why when a
 * single character switches the whole message to UCS-2 and shrinks every segment.
 */
export function SegmentCounter({ body }: { body: string }) {
  const count = countSegments(body);
  const ucs2 = count.encoding === "UCS-2";
  const tooLong = body.length > MAX_BODY_LENGTH;
  return (
    <div className="space-y-1.5" aria-live="polite" data-testid="segment-counter">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-500">
        <span className="flex items-center gap-2">
          <span
            className={cn(
              "rounded px-1.5 py-0.5 font-medium",
              ucs2 ? "bg-amber-50 text-amber-800 ring-1 ring-amber-600/20 ring-inset" : "bg-slate-100 text-slate-700",
            )}
          >
            {count.encoding}
          </span>
          <span className="tabular-nums">
            <strong className="font-semibold text-slate-700">{count.segments}</strong>{" "}
            {count.segments === 1 ? "segment" : "segments"}
          </span>
          {count.segments > 0 ? (
            <span className="tabular-nums">
              · {count.remainingInSegment} of {count.perSegment} left in this segment
            </span>
          ) : null}
        </span>
        <span className={cn("tabular-nums", tooLong && "font-medium text-red-600")}>
          {body.length.toLocaleString("en-US")} / {MAX_BODY_LENGTH.toLocaleString("en-US")} characters
        </span>
      </div>
      {ucs2 ? (
        <p className="flex items-start gap-1.5 text-xs text-amber-800">
          <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0 text-amber-600" />A character outside the GSM-7
          alphabet (an emoji, curly quotes, most non-Latin letters) makes the whole message UCS-2: 70 characters per
          SMS, 67 per part when split.
        </p>
      ) : null}
    </div>
  );
}
