-- PostgreSQL refuses any change to audit_events with a trigger; the embedded database's triggers are
-- Java classes, and one node's sandbox trail is kept append-only by the code alone (it only inserts).
SELECT 1;
