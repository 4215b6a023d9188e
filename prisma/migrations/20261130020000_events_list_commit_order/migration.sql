-- Hand-written: GET /developer/events lists newest first in commit order (contract §13, issue 37 §6).
--
-- The list walked (organization_id, id), the order ids were made in. The stream delivers in commit
-- order, (xid, id) (migration 20261126040000_events_stream): an event made just before a slower
-- transaction committed was listed below events that committed before it, and the list disagreed
-- with the stream. One organization's events newest first in commit order are a range of this
-- index read backwards; it replaces (organization_id, id), which served nothing else but the
-- organization's rows (this index's prefix serves those too).
CREATE INDEX "outbox_events_organization_id_xid_id_idx" ON "outbox_events"("organization_id", "xid", "id");
DROP INDEX IF EXISTS "outbox_events_organization_id_id_idx";
