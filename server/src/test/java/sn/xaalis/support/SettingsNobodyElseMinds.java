package sn.xaalis.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.test.context.TestPropertySource;

/**
 * Settings of a few {@link IntegrationTest}s that differ from the others' in ways none of the classes here
 * notices, so that one Spring context serves them all: each distinct set of settings starts a context of
 * its own, about ten seconds on each database. Each setting is spent by one class only:
 *
 * <ul>
 *   <li>forgotten-password budgets (PasswordResetLimitsIT): only {@code /portal/password-reset} spends them;
 *   <li>team invitations, three an hour per merchant (TeamInvitationLimitsIT): only inviting spends them;
 *   <li>retention (RetentionIT): its job never runs by itself, a different window per kind, tiny batches.
 *       RetentionIT moves the clock by months; the others here only move it forward from wherever it
 *       stands when they start;
 *   <li>negative balances allowed (NegativeBalanceIT): only refunds read it, and the others here refund
 *       nothing;
 *   <li>webhook deliveries paced at 100 a second (DeliveryPaceIT): the others here deliver a handful each.
 *       DeliveryPaceIT's own receiver answers whatever the signature's time, which RetentionIT may have
 *       moved months ahead.
 * </ul>
 *
 * A class that needs one more setting adds it here only if it, too, is spent by nobody else here.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@TestPropertySource(
        properties = {
            "xaalis.public-limits.password-reset-per-address=3/1m",
            "xaalis.public-limits.password-reset-per-email=2/1m",
            "xaalis.team.invitations-per-merchant=3/1h",
            "xaalis.retention.interval=PT24H",
            // A different window per kind, so each is seen to apply to its own kind only.
            "xaalis.retention.notification-attempts=P30D",
            "xaalis.retention.provider-exchanges=P60D",
            "xaalis.retention.delivered-notifications=P90D",
            // Tiny batches: a run of RetentionIT's tests already takes several.
            "xaalis.retention.batch-size=3",
            "xaalis.ledger.allow-negative-balance=true",
            "xaalis.webhooks.max-deliveries-per-second=" + SettingsNobodyElseMinds.DELIVERIES_PER_SECOND,
        })
public @interface SettingsNobodyElseMinds {

    /** The webhook dispatcher's pace here (DeliveryPaceIT). */
    int DELIVERIES_PER_SECOND = 100;
}
