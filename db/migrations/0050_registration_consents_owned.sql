-- A registration's consent names the account it made (it was recorded as the visitor's, found by the account's
-- email): the export of an account whose email is not confirmed no longer reaches consents by that email, so the
-- consents of registration are bound to their accounts here. The consent was written in the registration's own
-- transaction: the same address within a minute of the account's creation, so an address another account used
-- before (and changed, or was erased) does not bind that account's consent to this one.
UPDATE consents c SET user_id = u.id
FROM users u
WHERE c.purpose = 'registration' AND c.user_id IS NULL AND lower(c.subject) = lower(u.email)
  AND c.created_at BETWEEN u.created_at - interval '1 minute' AND u.created_at + interval '1 minute';
