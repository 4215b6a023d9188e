-- Opt-outs enforced at acceptance (contract §10), in the statement that accepts the messages.
--
-- Hand-written: answers which of `p_phones` are opted out of the organization, called once per
-- organization per accepting statement (in organization order). It first takes the organization's
-- opt-out lock in shared mode, then reads the opt-outs: a VOLATILE function's query takes its own
-- snapshot (READ COMMITTED), after the lock is granted. Writers of opt-outs (sg_lock_opt_outs below)
-- take the same lock exclusively for the rest of their transaction, so
--   - a send that got the lock first commits before the opt-out can (the opt-out waits for it), and
--   - a send that comes while an opt-out is being written waits for it to commit, then sees it.
-- A send is therefore either refused, or was accepted before the opt-out committed; never after.
-- Shared holders never wait for each other: sends do not serialize among themselves.
CREATE FUNCTION sg_opted_out_phones(p_organization text, p_phones text[])
RETURNS text[] LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('sg-opt-outs:' || p_organization));
  RETURN ARRAY(
    SELECT o.phone FROM contact_opt_outs o
    WHERE o.organization_id = p_organization AND o.phone = ANY (p_phones)
  );
END
$$;

-- Taken by every transaction that adds or removes opt-outs, before it writes them.
CREATE FUNCTION sg_lock_opt_outs(p_organization text)
RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(hashtext('sg-opt-outs:' || p_organization))
$$;
