package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * An operator's manual credit (positive) or debit (negative) of a merchant's available money, with its
 * reason. Its id is also its journal transaction's, the balance transaction the merchant sees.
 */
public record Adjustment(
        UUID id,
        ApplicationId applicationId,
        Environment environment,
        String currency,
        BigDecimal amount,
        String reason,
        String operator,
        Instant createdAt) {}
