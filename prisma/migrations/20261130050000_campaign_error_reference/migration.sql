-- Hand-written. A campaign whose batch throws is set aside by the runner (server/campaigns/runner/
-- set-aside.ts): PAUSED with pausedReason "internal_error" and the reference of the logged error,
-- so the other campaigns of the server keep running and support can find the cause. A nullable
-- column with no default: a catalog change only.
ALTER TABLE "campaigns" ADD COLUMN "error_reference" TEXT;
