-- operator module (issue 48): while no operator exists, each start of the embedded demo prints a link that
-- makes the first operator, once. Kept only as its fingerprint; spent (used_at) by the first operator's
-- creation, and worthless anyway once any operator exists.
CREATE TABLE first_operator_links (
    token_hash VARCHAR(64) PRIMARY KEY,
    created_at TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    used_at    TIMESTAMP(6) WITH TIME ZONE
);
