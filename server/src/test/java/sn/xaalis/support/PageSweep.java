package sn.xaalis.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A sweep of pages through {@link PageChecks} (width, language, axe-core, screenshots). The pages are
 * the same templates filled from the same data whichever database served it, so a sweep runs once, in
 * the embedded database's run; the flows behind the pages (paying, refunding, links) run on both.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(PageSweep.OnTheEmbeddedRun.class)
public @interface PageSweep {

    /** Disabled in the PostgreSQL run. */
    class OnTheEmbeddedRun implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return TestDatabase.postgres()
                    ? ConditionEvaluationResult.disabled("page sweeps run once, in the embedded database's run")
                    : ConditionEvaluationResult.enabled("the embedded database's run");
        }
    }
}
