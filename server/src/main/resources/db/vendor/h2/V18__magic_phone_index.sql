-- H2 has no partial indexes: the embedded database (one node, small volumes) keeps the (status,
-- expires_at) index of V1, led by the status the magic-phone query asks for (see the PostgreSQL V18).
SELECT 1;
