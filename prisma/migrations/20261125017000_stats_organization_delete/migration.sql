-- Deleting an organization deletes its hourly aggregates too (they have no foreign key: the
-- triggers that write them run on the hot path, where a key check per row costs).
CREATE OR REPLACE FUNCTION sg_delete_organization_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM outbox_events WHERE organization_id = OLD.id;
  DELETE FROM messages WHERE organization_id = OLD.id;
  DELETE FROM message_stats_hourly WHERE organization_id = OLD.id;
  DELETE FROM otp_stats_hourly WHERE organization_id = OLD.id;
  RETURN OLD;
END
$$;
