-- The Overview's setup checklist (issue 39, item 3): each member dismisses it for themselves, per organization.
ALTER TABLE "memberships" ADD COLUMN "onboarding_dismissed_at" TIMESTAMPTZ(3);
