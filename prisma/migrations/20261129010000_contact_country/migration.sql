-- Hand-written. A contact's country (ISO 3166-1 alpha-2), found once when its phone is written
-- (server/contacts/contact-country.ts: the same libphonenumber answer as countryOf), so a campaign
-- prices and routes a million distinct recipients without parsing a million numbers. NULL means
-- "not known yet" (rows written before this column, or a non-geographic number): the sender then
-- asks countryOf itself, so the answer is the same either way. A nullable column with no default is
-- a catalog change: no rewrite, no scan, no backfill needed.
ALTER TABLE "contacts" ADD COLUMN "country" TEXT;
