-- The payments started from each payment link (issue 48): the portal's list shows, for each link of the
-- page, how many of them succeeded and how much they brought, in one query for the whole page. Keyed by
-- link, that query reads only the shown links' own payments, never the merchant's whole history.
-- A row is written before its payment is initiated, with the id the payment will have (as a single-use
-- link's claim is), so no foreign key: a payment never stored leaves no row (or one matching nothing).
CREATE TABLE payment_link_payments (
    link_id    UUID NOT NULL REFERENCES payment_links (id),
    payment_id UUID NOT NULL,
    PRIMARY KEY (link_id, payment_id)
);
-- The payments started from links before this table: they name their link in their metadata, exactly
-- as the link's page wrote it, and count only in their own application and environment (as LinkOrigins
-- reads them).
INSERT INTO payment_link_payments (link_id, payment_id)
SELECT l.id, p.id
FROM payments p
JOIN payment_links l
  ON p.metadata = CONCAT('{"payment_link":"', l.code, '"}')
 AND p.application_id = l.application_id
 AND p.environment = l.environment;
