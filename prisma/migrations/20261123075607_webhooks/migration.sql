-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'RETRYING', 'FAILED');

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret_ciphertext" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "round" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status_code" INTEGER,
    "response_time_ms" INTEGER NOT NULL,
    "error" TEXT,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhooks_organization_id_id_idx" ON "webhooks"("organization_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_organization_id_id_idx" ON "webhook_deliveries"("organization_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_id_idx" ON "webhook_deliveries"("webhook_id", "id");

-- CreateIndex
-- Partial (hand-edited): only the delivery queue is indexed.
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at") WHERE "status" = 'PENDING';

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_event_id_key" ON "webhook_deliveries"("webhook_id", "event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_attempt_key" ON "webhook_attempts"("delivery_id", "attempt");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: the outbox relay reads undispatched events in order; a partial index keeps that
-- cheap however many dispatched events the table holds, and replaces the full index on
-- (dispatched_at, occurred_at), which every insert and every dispatch had to maintain.
DROP INDEX "outbox_events_dispatched_at_occurred_at_idx";
-- Nothing reads events by organization and time (deliveries are what the logs show); every event
-- paid for this index.
DROP INDEX "outbox_events_organization_id_occurred_at_idx";
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events"("occurred_at", "id") WHERE "dispatched_at" IS NULL;

-- Hand-written: type-prefixed, time-sortable ids like server/ids.ts (8 base62 characters of
-- milliseconds, then 16 random ones) for rows created inside SQL statements (webhook fan-out).
CREATE FUNCTION sg_new_id(prefix text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  bytes bytea := decode(md5(gen_random_uuid()::text || clock_timestamp()::text), 'hex');
  result text := '';
BEGIN
  FOR i IN 1..8 LOOP
    result := substr(alphabet, (ms % 62)::int + 1, 1) || result;
    ms := ms / 62;
  END LOOP;
  FOR i IN 0..15 LOOP
    result := result || substr(alphabet, (get_byte(bytes, i) % 62) + 1, 1);
  END LOOP;
  RETURN prefix || '_' || result;
END
$$;

-- Hand-written: an event nobody subscribes to needs no relay. It is written already dispatched,
-- so it never enters the relay's queue (the partial index above) and is never updated again: most
-- organizations have no webhooks, and a message makes three events. A webhook created after the
-- event's statement began does not receive it, which is what subscribing means.
CREATE FUNCTION sg_outbox_mark_unsubscribed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.dispatched_at IS NULL AND NOT EXISTS (
    SELECT 1 FROM webhooks w
    WHERE w.organization_id = NEW.organization_id AND w.is_active
      AND (NEW.type = ANY(w.events) OR '*' = ANY(w.events)
        OR (NEW.type = 'message.delivered' AND 'sms.delivered' = ANY(w.events))
        OR (NEW.type = 'message.failed' AND 'sms.failed' = ANY(w.events)))
  ) THEN
    NEW.dispatched_at := NEW.occurred_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER outbox_events_mark_unsubscribed BEFORE INSERT ON outbox_events
  FOR EACH ROW EXECUTE FUNCTION sg_outbox_mark_unsubscribed();
