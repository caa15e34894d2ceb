-- Loads :n payments shaped like live WALLET_SN ones, with what each leaves behind, into the tables of
-- the current schema (bench/sql/size.sh builds it), then reports every table's size scaled to a
-- million payments. Per payment, as the service writes them:
--   payments                1 row: metadata, URLs, deep link, provider ids
--   payment_status_history  2 rows (created, then paid, failed or expired); 3 for the 1 in 20 refunded
--   notifications           1 per status change after creation (1.05): the exact body sent, ~500 bytes
--   notification_attempts   1 per notification, 2 for the 1 in 10 retried once (~1.16 per payment)
--   provider_exchanges      create-session and the provider's callback, plus a status check for 1 in 3
--                           and a refund call for the refunded (~2.4): redacted bodies, cut at 2 KB
-- Sandbox payments leave no provider exchange; their other rows are the same size.
\set ON_ERROR_STOP 1
\timing off

INSERT INTO merchants (id, name, email, password_hash, created_at)
SELECT ('00000000-0000-0000-0000-0000000000' || lpad(m::text, 2, '0'))::uuid, 'Boutique ' || m,
       'owner' || m || '@boutique.example', '$2a$10$' || md5(m::text) || md5('x' || m), now()
FROM generate_series(1, 10) m;
INSERT INTO applications (id, merchant_id, name, endpoint_key, webhook_url, live_enabled, created_at, updated_at)
SELECT ('00000000-0000-0000-0001-0000000000' || lpad(m::text, 2, '0'))::uuid,
       ('00000000-0000-0000-0000-0000000000' || lpad(m::text, 2, '0'))::uuid,
       'Web shop', substr(md5('k' || m), 1, 16), 'https://boutique' || m || '.example/webhooks/xaalis', TRUE, now(), now()
FROM generate_series(1, 10) m;

-- One row per payment with what its other rows are made of.
CREATE TEMP TABLE seed AS
SELECT i,
       gen_random_uuid() AS id,
       -- An odd multiplier modulo 2^32 is a bijection: unique references that look random.
       'SVC-' || upper(lpad(to_hex((i::bigint * 2654435761) % 4294967296), 8, '0')) AS reference,
       ('00000000-0000-0000-0001-0000000000' || lpad((1 + i % 10)::text, 2, '0'))::uuid AS app,
       (500 + (i % 400) * 250)::numeric(14, 2) AS amount,
       CASE WHEN i % 10 = 7 THEN 'FAILED' WHEN i % 10 = 8 THEN 'EXPIRED' WHEN i % 20 = 0 THEN 'REFUNDED'
            ELSE 'SUCCESS' END AS status,
       'cos-' || substr(md5('s' || i), 1, 20) AS session,
       'T_' || upper(substr(md5('t' || i), 1, 16)) AS transaction,
       now() - (i % 90) * interval '1 day' - (i % 86400) * interval '1 second' AS created
FROM generate_series(1, :n) i;

INSERT INTO payments (id, reference, application_id, environment, provider, amount, currency, status, description,
        customer_phone, customer_name, metadata, success_url, error_url, provider_reference, deep_links, expires_at,
        created_at, updated_at, paid_at, expired_at, error_message, provider_transaction_id)
SELECT id, reference, app, 'live', 'WALLET_SN', amount, 'XOF', status, 'Commande n°' || (100000 + i),
       '+22177' || lpad((i % 10000000)::text, 7, '0'), 'Awa Ndiaye',
       '{"order":"o-' || (100000 + i) || '","customer_id":"c-' || (i % 50000) || '"}',
       'https://boutique.example/merci?commande=' || (100000 + i), 'https://boutique.example/panier?erreur=1',
       session, '{"WALLET":"https://pay.wallet.example/c/' || session || '"}', created + interval '15 minutes',
       created, created + interval '40 seconds',
       CASE WHEN status IN ('SUCCESS', 'REFUNDED') THEN created + interval '40 seconds' END,
       CASE WHEN status = 'EXPIRED' THEN created + interval '15 minutes' END,
       CASE WHEN status = 'FAILED' THEN 'Insufficient funds' END,
       CASE WHEN status IN ('SUCCESS', 'REFUNDED') THEN transaction END
FROM seed;

INSERT INTO payment_status_history (payment_id, from_status, to_status, cause, detail, occurred_at)
SELECT id, NULL, 'PROCESSING', 'api', NULL, created FROM seed
UNION ALL
SELECT id, 'PROCESSING', CASE WHEN status = 'REFUNDED' THEN 'SUCCESS' ELSE status END,
       CASE WHEN status = 'EXPIRED' THEN 'job:expiry' ELSE 'provider:callback' END,
       CASE WHEN status = 'EXPIRED' THEN 'checkout session expired' END, created + interval '40 seconds'
FROM seed
UNION ALL
SELECT id, 'SUCCESS', 'REFUNDED', 'portal:refund', NULL, created + interval '2 days' FROM seed WHERE status = 'REFUNDED';

-- The notification of each change after creation, body as sent (SPEC §6.2).
CREATE TEMP TABLE sent AS
SELECT s.*, e.to_status, e.at
FROM seed s
CROSS JOIN LATERAL (VALUES (CASE WHEN s.status = 'REFUNDED' THEN 'SUCCESS' ELSE s.status END,
                            s.created + interval '40 seconds')) AS e(to_status, at)
UNION ALL
SELECT s.*, 'REFUNDED', s.created + interval '2 days' FROM seed s WHERE s.status = 'REFUNDED';

INSERT INTO notifications (id, application_id, environment, event_id, event, body, state, attempts, next_attempt_at,
        test, created_at, updated_at, delivered_at)
SELECT gen_random_uuid(), app, 'live', reference || ':' || to_status, 'transaction.' || lower(to_status),
       '{"id":"' || reference || ':' || to_status || '","event":"transaction.' || lower(to_status)
       || '","environment":"live","created_at":"' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
       || '","data":{"transaction_uuid":"' || id || '","reference":"' || reference
       || '","provider":"WALLET_SN","environment":"live","amount":"' || amount || '","currency":"XOF","status":"'
       || to_status || '","provider_reference":"' || session || '","paid_at":"'
       || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '","expired_at":null,'
       || '"error_message":null,"metadata":{"order":"o-' || (100000 + i) || '","customer_id":"c-' || (i % 50000) || '"}}}',
       'DELIVERED', CASE WHEN i % 10 = 3 THEN 2 ELSE 1 END, at, FALSE, at, at + interval '1 second',
       at + interval '1 second'
FROM sent;

INSERT INTO notification_attempts (notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error,
        response_snippet)
SELECT n.id, a, n.created_at + (a - 1) * interval '1 minute', 40 + a * 7, 'https://boutique1.example/webhooks/xaalis',
       CASE WHEN a < n.attempts THEN 503 ELSE 200 END, CASE WHEN a < n.attempts THEN 'RETRY' ELSE 'DELIVERED' END,
       CASE WHEN a < n.attempts THEN 'HTTP 503' END,
       CASE WHEN a < n.attempts THEN '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>'
            ELSE '{"received":true}' END
FROM notifications n CROSS JOIN LATERAL generate_series(1, n.attempts) a;

INSERT INTO provider_exchanges (reference, provider, direction, operation, method, url, request_body, response_status,
        response_body, outcome, duration_ms, occurred_at)
SELECT reference, 'WALLET_SN', 'OUTBOUND', 'create-session', 'POST', 'https://api.wallet.example/v1/checkout/sessions',
       '{"amount":"' || amount::int || '","currency":"XOF","client_reference":"' || reference
       || '","success_url":"https://boutique.example/merci?commande=' || (100000 + i)
       || '","error_url":"https://boutique.example/panier?erreur=1"}',
       201, '{"id":"' || session || '","amount":"' || amount::int || '","currency":"XOF","client_reference":"' || reference
       || '","wave_launch_url":"https://pay.wallet.example/c/' || session || '","checkout_status":"open",'
       || '"payment_status":"processing","when_expires":"' || to_char(created + interval '15 minutes', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
       || '","last_payment_error":null}', 'HTTP 201', 180 + i % 300, created
FROM seed
UNION ALL
SELECT reference, 'WALLET_SN', 'INBOUND', 'checkout-event', 'POST', '/providers/wallet/events',
       '{"id":"AE_' || substr(md5('e' || i), 1, 12) || '","type":"checkout.session.'
       || CASE WHEN status = 'EXPIRED' THEN 'expired' ELSE 'completed' END || '","data":{"id":"' || session
       || '","amount":"' || amount::int || '","checkout_status":"complete","client_reference":"' || reference
       || '","currency":"XOF","payment_status":"' || CASE WHEN status = 'FAILED' THEN 'cancelled' ELSE 'succeeded' END
       || '","transaction_id":"' || transaction || '","when_completed":"'
       || to_char(created + interval '40 seconds', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '"}}',
       200, NULL, 'accepted', 3, created + interval '40 seconds'
FROM seed
UNION ALL
SELECT reference, 'WALLET_SN', 'OUTBOUND', 'get-session', 'GET',
       'https://api.wallet.example/v1/checkout/sessions/' || session, NULL, 200,
       '{"id":"' || session || '","amount":"' || amount::int || '","currency":"XOF","client_reference":"' || reference
       || '","checkout_status":"complete","payment_status":"succeeded","transaction_id":"' || transaction || '"}',
       'HTTP 200', 150, created + interval '2 minutes'
FROM seed WHERE i % 3 = 0
UNION ALL
SELECT reference, 'WALLET_SN', 'OUTBOUND', 'refund', 'POST',
       'https://api.wallet.example/v1/checkout/sessions/' || session || '/refund', NULL, 200, '{}', 'HTTP 200', 210,
       created + interval '2 days'
FROM seed WHERE status = 'REFUNDED';

VACUUM ANALYZE payments, payment_status_history, notifications, notification_attempts, provider_exchanges;

\echo
\echo 'Size per million payments (heap + TOAST + indexes), from' :n 'payments'
SELECT c.relname AS "table",
       round((c.reltuples / :n)::numeric, 2) AS "rows per payment",
       pg_size_pretty(round(pg_table_size(c.oid) * 1000000.0 / :n)::bigint) AS "data",
       pg_size_pretty(round(pg_indexes_size(c.oid) * 1000000.0 / :n)::bigint) AS "indexes",
       pg_size_pretty(round(pg_total_relation_size(c.oid) * 1000000.0 / :n)::bigint) AS "total per 1 M",
       round(pg_total_relation_size(c.oid)::numeric / :n) AS "bytes per payment"
FROM pg_class c
WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
  AND c.relname IN ('payments', 'payment_status_history', 'notifications', 'notification_attempts', 'provider_exchanges')
UNION ALL
SELECT 'all five', NULL, NULL, NULL,
       pg_size_pretty(round(sum(pg_total_relation_size(c.oid)) * 1000000.0 / :n)::bigint),
       round(sum(pg_total_relation_size(c.oid)) / :n)
FROM pg_class c
WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
  AND c.relname IN ('payments', 'payment_status_history', 'notifications', 'notification_attempts', 'provider_exchanges')
ORDER BY "bytes per payment" DESC NULLS FIRST;

\echo 'Of which the retention indexes (V14):'
SELECT indexrelid::regclass AS "index", pg_size_pretty(round(pg_relation_size(indexrelid) * 1000000.0 / :n)::bigint) AS "per 1 M"
FROM pg_index
WHERE indexrelid::regclass::text IN ('notifications_delivered_idx', 'notification_attempts_started_idx',
                                     'provider_exchanges_occurred_idx');

\echo 'Each retention batch is an index range scan (the plans of the three purges, as platform/DeletionBatches sends them, cutoff 30 days ago):'
EXPLAIN (COSTS OFF) SELECT id FROM notifications WHERE state = 'DELIVERED' AND delivered_at < now() - interval '30 days'
    ORDER BY state, delivered_at LIMIT 500 FOR UPDATE SKIP LOCKED;
EXPLAIN (COSTS OFF) SELECT id FROM notification_attempts WHERE started_at < now() - interval '30 days'
    AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.id = notification_attempts.notification_id AND n.state = 'PENDING')
    ORDER BY started_at LIMIT 500 FOR UPDATE SKIP LOCKED;
EXPLAIN (COSTS OFF) SELECT id FROM provider_exchanges WHERE occurred_at < now() - interval '30 days'
    ORDER BY occurred_at LIMIT 500 FOR UPDATE SKIP LOCKED;
