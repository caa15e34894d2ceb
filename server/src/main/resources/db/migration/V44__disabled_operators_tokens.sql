-- operator module (issue 47): disabling an operator now revokes the admin tokens they issued. Tokens of
-- operators disabled before are revoked here (created_by is the issuing operator's address).
UPDATE operator_tokens SET revoked_at = CURRENT_TIMESTAMP
WHERE revoked_at IS NULL
  AND created_by IN (SELECT email FROM operators WHERE disabled_at IS NOT NULL);
