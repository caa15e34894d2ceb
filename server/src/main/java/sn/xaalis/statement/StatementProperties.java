package sn.xaalis.statement;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param closingDelay how long after a day's end (UTC, Dakar's) its closing balance is written: time for
 *     the postings started before midnight to commit
 * @param closingInterval how often the closing job looks for days to close; zero turns it off
 * @param monthlyInterval how often the monthly e-mail job looks for statements to send; zero turns the
 *     monthly e-mails off
 * @param pageSize how many movements one page of a statement shows
 */
@ConfigurationProperties("xaalis.statement")
public record StatementProperties(
        @DefaultValue("PT2H") Duration closingDelay,
        @DefaultValue("PT15M") Duration closingInterval,
        @DefaultValue("PT15M") Duration monthlyInterval,
        @DefaultValue("50") int pageSize) {

    public StatementProperties {
        if (closingDelay.isNegative()) {
            throw new IllegalArgumentException("xaalis.statement.closing-delay must not be negative");
        }
        if (pageSize < 1 || pageSize > 500) {
            throw new IllegalArgumentException("xaalis.statement.page-size must be between 1 and 500");
        }
    }
}
