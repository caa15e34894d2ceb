package sn.xaalis.support;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Skips PostgreSQL runs when no server is reachable, except on CI where the run must fail instead. */
public class DatabaseAvailable implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (!TestDatabase.postgres() || TestDatabase.postgresRequired() || TestDatabase.postgresReachable()) {
            return ConditionEvaluationResult.enabled("database available or required");
        }
        return ConditionEvaluationResult.disabled("SKIPPED: PostgreSQL is not reachable at " + TestDatabase.POSTGRES_URL
                + " (set CI=true to make this a failure; .ci/run starts it)");
    }
}
