-- One batch of the growth phase's history (bench/run --growth; bench/README.md, "Growth"): payments
-- :first to :first + :count - 1, shaped like those bench/sql/size.sql describes, with what each leaves
-- behind in the tables a request may read: the status history (2 rows, 3 when refunded), the
-- notification of each change after creation and its delivery attempt. Provider exchanges are left
-- out: no request reads them, and retention bounds them (bench/README.md, "Database size").
--
-- Three in ten go to :'big_app' (the measured merchant's first application, :'big_env'), the rest
-- to the twenty applications the phase creates for other merchants (live). Statuses as a business
-- sees them: most paid, 1 in 10 failed, 1 in 10 expired, 1 in 20 refunded, 1 in 50 cancelled, and
-- none still processing (a payment is processing for 15 minutes at most; the run adds its own).
-- Creation times spread over the 90 days before now.
\set ON_ERROR_STOP 1
\timing off

CREATE TEMP TABLE seed AS
SELECT i,
       gen_random_uuid() AS id,
       -- An odd multiplier modulo 2^32 is a bijection: unique references that look random.
       'SVC-' || upper(lpad(to_hex((i::bigint * 2654435761) % 4294967296), 8, '0')) AS reference,
       -- Chosen by the tens digit: the status (below, by the last digit) is independent of the application.
       CASE WHEN i / 10 % 10 < 3 THEN :'big_app'::uuid
            ELSE ('00000000-0000-0000-0002-0000000000' || lpad((1 + i / 10 % 20)::text, 2, '0'))::uuid END AS app,
       CASE WHEN i / 10 % 10 < 3 THEN :'big_env' ELSE 'live' END AS env,
       CASE WHEN i % 3 = 0 THEN 'MOBILEMONEY_SN' ELSE 'WALLET_SN' END AS provider,
       (500 + (i % 400) * 250)::numeric(14, 2) AS amount,
       CASE WHEN i % 10 = 7 THEN 'FAILED' WHEN i % 10 = 8 THEN 'EXPIRED' WHEN i % 20 = 0 THEN 'REFUNDED'
            WHEN i % 50 = 9 THEN 'CANCELLED' ELSE 'SUCCESS' END AS status,
       'cos-' || substr(md5('s' || i), 1, 20) AS session,
       'T_' || upper(substr(md5('t' || i), 1, 16)) AS transaction,
       now() - interval '20 minutes' - ((i::bigint * 7919) % 7776000) * interval '1 second' AS created
FROM generate_series(:first, :first + :count - 1) i;

-- The server's own references are random: drop the rare loaded one that would meet one of them.
DELETE FROM seed USING payments p WHERE p.reference = seed.reference;

INSERT INTO payments (id, reference, application_id, environment, provider, amount, currency, status, description,
        customer_phone, customer_name, metadata, success_url, error_url, provider_reference, deep_links, expires_at,
        created_at, updated_at, paid_at, expired_at, error_message, provider_transaction_id)
SELECT id, reference, app, env, provider, amount, 'XOF', status, 'Commande n°' || (100000 + i % 900000),
       '+22177' || lpad((i % 10000000)::text, 7, '0'), 'Client ' || (i % 50000),
       '{"order":"o-' || (100000 + i % 900000) || '","customer_id":"c-' || (i % 50000) || '"}',
       'https://boutique.example/merci?commande=' || (100000 + i % 900000), 'https://boutique.example/panier?erreur=1',
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
       CASE WHEN status = 'EXPIRED' THEN 'job:expiry' WHEN status = 'CANCELLED' THEN 'api:cancel'
            ELSE 'provider:callback' END,
       CASE WHEN status = 'EXPIRED' THEN 'checkout session expired' END, created + interval '40 seconds'
FROM seed
UNION ALL
SELECT id, 'SUCCESS', 'REFUNDED', 'portal:refund', NULL, created + interval '2 minutes' FROM seed WHERE status = 'REFUNDED';

CREATE TEMP TABLE sent AS
SELECT s.*, e.to_status, e.at
FROM seed s
CROSS JOIN LATERAL (VALUES (CASE WHEN s.status = 'REFUNDED' THEN 'SUCCESS' ELSE s.status END,
                            s.created + interval '40 seconds')) AS e(to_status, at)
UNION ALL
SELECT s.*, 'REFUNDED', s.created + interval '2 minutes' FROM seed s WHERE s.status = 'REFUNDED';

CREATE TEMP TABLE sent_ids AS SELECT gen_random_uuid() AS nid, sent.* FROM sent;

INSERT INTO notifications (id, application_id, environment, event_id, event, body, state, attempts, next_attempt_at,
        test, created_at, updated_at, delivered_at)
SELECT nid, app, env, reference || ':' || to_status, 'transaction.' || lower(to_status),
       '{"id":"' || reference || ':' || to_status || '","event":"transaction.' || lower(to_status)
       || '","environment":"' || env || '","created_at":"' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
       || '","data":{"transaction_uuid":"' || id || '","reference":"' || reference
       || '","provider":"' || provider || '","environment":"' || env || '","amount":"' || amount
       || '","currency":"XOF","status":"' || to_status || '","provider_reference":"' || session || '","paid_at":"'
       || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '","expired_at":null,'
       || '"error_message":null,"metadata":{"order":"o-' || (100000 + i % 900000) || '","customer_id":"c-'
       || (i % 50000) || '"}}}',
       'DELIVERED', 1, at, FALSE, at, at + interval '1 second', at + interval '1 second'
FROM sent_ids;

INSERT INTO notification_attempts (notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error,
        response_snippet)
SELECT nid, 1, at, 47, 'https://boutique.example/webhooks/xaalis', 200, 'DELIVERED', NULL, '{"received":true}'
FROM sent_ids;

DROP TABLE sent_ids;
DROP TABLE sent;
DROP TABLE seed;
