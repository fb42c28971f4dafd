-- Penetration test H2: a login that has held a certificate stays certificate-only (the signed
-- edition refuses its password) until staff restore password login after revoking the
-- certificate. Set on the revoked certificates when staff do so; a new certificate starts unset.
alter table certificates add column password_restored_at timestamptz;
