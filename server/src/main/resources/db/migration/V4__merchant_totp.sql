-- Optional two-factor sign-in: the TOTP secret (AES-GCM under the master key) and the last time step
-- used, so that a code cannot be replayed.
ALTER TABLE merchants ADD COLUMN totp_secret_ciphertext VARCHAR(200);
ALTER TABLE merchants ADD COLUMN totp_last_step BIGINT;
