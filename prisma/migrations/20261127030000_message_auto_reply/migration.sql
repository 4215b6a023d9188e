-- Keyword confirmations name the keyword family they answer (issue 30: "Auto-reply (STOP)"). A
-- nullable column without a default: adding it rewrites no rows.
ALTER TABLE "messages" ADD COLUMN "auto_reply" TEXT;
