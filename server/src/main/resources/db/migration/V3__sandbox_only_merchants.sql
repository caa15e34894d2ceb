-- Self-service sign-ups may use the sandbox at once; going live waits for the operator.
ALTER TABLE merchants ADD COLUMN sandbox_only BOOLEAN NOT NULL DEFAULT FALSE;
