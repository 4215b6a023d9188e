-- Hand-written: the events API (contract §13).
--
-- Commit order. Event ids sort by the time they were made, not by when their transaction commits:
-- an event with a smaller id can become visible after a larger one. A stream that resumed "after id
-- X" would then skip it. Each event therefore records the id of the transaction that wrote it, and
-- readers take only events whose transaction is older than every transaction still running
-- (pg_snapshot_xmin of the current snapshot): nothing can commit below that horizon any more, so
-- (xid, id) is a total order in which no event ever appears behind a position already read. The
-- stream's resume point (Last-Event-ID) is mapped back to its (xid, id).
-- Existing rows are all committed: 0 puts them before everything new, in id order.
ALTER TABLE "outbox_events" ADD COLUMN "xid" bigint NOT NULL DEFAULT 0;
ALTER TABLE "outbox_events" ALTER COLUMN "xid" SET DEFAULT (pg_current_xact_id()::text::bigint);

-- The one reader per process (server/events/hub.ts) and a resumed stream's catch-up walk this.
CREATE INDEX "outbox_events_xid_id_idx" ON "outbox_events"("xid", "id");
-- GET /developer/events: one organization's events newest first, a range of the time-sortable id.
CREATE INDEX "outbox_events_organization_id_id_idx" ON "outbox_events"("organization_id", "id");

-- Wake the readers when events commit. One notification per statement, sent at commit (never for a
-- rolled-back transaction); identical notifications of one transaction are folded into one. The
-- payload is empty: readers fetch by position, so a lost notification only delays, never loses.
CREATE FUNCTION sg_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sg_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events
  FOR EACH STATEMENT EXECUTE FUNCTION sg_outbox_notify();
