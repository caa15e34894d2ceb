-- H2 has no partial indexes: the (status, ...) indexes of V1 and V5 stay (see the PostgreSQL V6).
SELECT 1;
