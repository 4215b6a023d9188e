-- Hand-written. Why a recipient was skipped, in words, beside the code in skipped_reason (issue 38):
-- `invalid_template` may mean a variable with no value or a text over 1,600 characters once filled
-- in, and the recipients list says which. A nullable column with no default: a catalog change only.
ALTER TABLE "campaign_recipients" ADD COLUMN "skipped_detail" TEXT;
