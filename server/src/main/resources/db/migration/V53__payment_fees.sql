-- Fees on payments and refunds the balance must cover (issue 49).

-- The operator's fee on a payment and what the merchant is credited of it, set by the change to SUCCESS
-- (in its conditional update): null until then. A payment on the merchant's own connection has a fee
-- of 0 and a net amount equal to its amount (the operator takes nothing from it).
ALTER TABLE payments ADD COLUMN fee NUMERIC(19, 2);
ALTER TABLE payments ADD COLUMN net_amount NUMERIC(19, 2);

-- Payments paid before this column existed: the fee their ledger posting took, else none (no fee was
-- taken before the ledger existed).
UPDATE payments SET fee = (SELECT t.fee FROM ledger_transactions t WHERE t.cause_kind = 'payment'
        AND t.cause_id = CAST(payments.id AS VARCHAR(40))),
    net_amount = (SELECT t.net FROM ledger_transactions t WHERE t.cause_kind = 'payment'
        AND t.cause_id = CAST(payments.id AS VARCHAR(40)))
    WHERE status IN ('SUCCESS', 'REFUNDED') AND connection_id IS NULL;
UPDATE payments SET fee = 0, net_amount = amount WHERE status IN ('SUCCESS', 'REFUNDED') AND fee IS NULL;

-- A refund in flight: what it set aside of the merchant's balance (journal transaction reserved_by),
-- committed before the provider is asked, so that two refunds, or a refund and a withdrawal, can never
-- spend the same money. One row per payment: a second refund of the same payment waits for the first.
-- claimed_until is the lease of the request asking the provider; past it (the request crashed or gave
-- up on an unreachable provider), the next request asks again with the same reservation (the refund
-- call is idempotent). Deleted when the refund is posted (the payment REFUNDED) or given back (the
-- provider refused). No foreign keys, as for the journal's causes: the row is the claim, written before its
-- transaction.
CREATE TABLE ledger_refunds (
    payment_id     UUID PRIMARY KEY,
    reserved_by    UUID NOT NULL,
    amount         NUMERIC(19, 2) NOT NULL,
    from_pending   NUMERIC(19, 2) NOT NULL,
    from_available NUMERIC(19, 2) NOT NULL,
    fee_back       NUMERIC(19, 2) NOT NULL,
    claimed_until  TIMESTAMP(6) WITH TIME ZONE NOT NULL
);
