-- The dashboard's Inbox (issue 17, item 6): one number's conversation reads its inbound messages by
-- sender, newest first. A partial index of the inbound rows only, so outbound inserts (the hot
-- path) never write it; the outbound side of a conversation uses (organization_id, to_number, id).
CREATE INDEX "messages_inbound_organization_id_from_sender_id_idx" ON "messages" ("organization_id", "from_sender", "id")
  WHERE "direction" = 'inbound';
