-- A registration's consent names the account it made (it was recorded as the visitor's, found by the account's
-- email): the export of an account whose email is not confirmed no longer reaches consents by that email, so the
-- consents of registration are bound to their accounts here. An account's first email is the one it registered
-- with; a later change leaves it unconfirmed, and a confirmed change names an address its owner proved.
UPDATE consents c SET user_id = u.id
FROM users u
WHERE c.purpose = 'registration' AND c.user_id IS NULL AND lower(c.subject) = lower(u.email);
