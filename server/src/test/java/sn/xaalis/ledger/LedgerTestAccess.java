package sn.xaalis.ledger;

import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/** What tests of other modules need of the ledger's insides: its availability job run now, its invariants. */
public final class LedgerTestAccess {

    private LedgerTestAccess() {}

    /** Runs the availability job until nothing due is left. */
    public static void releaseDue(ApplicationContext context) {
        Availability availability = context.getBean(Availability.class);
        int batch = context.getBean(LedgerProperties.class).jobBatch();
        while (availability.releaseDue() >= batch) {
            // a full batch: the job's next pass would start at once
        }
    }

    /** Entries sum to zero, balances equal their entries, no cause posted twice. */
    public static void checkInvariants(JdbcClient jdbc) {
        new LedgerChecks(jdbc).all();
    }

    /** How many journal transactions a cause has. */
    public static int postings(JdbcClient jdbc, String causeKind, String causeId) {
        return new LedgerChecks(jdbc).postings(causeKind, causeId);
    }
}
