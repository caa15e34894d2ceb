package sn.xaalis.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ContextConfiguration;

/**
 * Boots the whole service on a random port against the database chosen for this run. Tests isolate
 * themselves by onboarding their own merchant, so one context serves them all.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(DatabaseAvailable.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "xaalis.admin.token=" + Api.ADMIN_TOKEN,
            "xaalis.secrets.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
            "xaalis.demo.enabled=false",
            "xaalis.webhooks.allowed-private-cidrs=127.0.0.0/8",
            // D2: a provider with its own maximum (PaymentInitiationIT checks both sides of it).
            "xaalis.payments.max-amounts.MOBILEMONEY_SN=50000000.00",
            // Short real delays instead of minutes; tests move the injected clock for the rest.
            "xaalis.webhooks.retry-delay=PT0.2S",
            "xaalis.webhooks.timeout=PT1S",
            "xaalis.webhooks.poll-interval=PT0.1S",
            "xaalis.payments.job-interval=PT0.1S",
            "xaalis.payouts.job-interval=PT0.1S",
            // The API's per-key limit out of the way (HostileRequestsIT's table and InitiationFuzzIT's fuzz
            // mode send thousands a second with one key): it is tested where it is meant to bite
            // (RateLimitIT, PaymentLinkBudgetsIT, ClusterRateLimitIT, TwoNodesIT), as the public budgets are.
            "xaalis.rate-limit.requests-per-second=1000000",
            // Spring keeps every test context it built, each with its pool: idle connections are given
            // back, or the contexts alone would hold most of the shared PostgreSQL's 100 connections.
            "spring.datasource.hikari.minimum-idle=1",
            "spring.datasource.hikari.idle-timeout=10000",
            // Expired sessions are deleted when a test says so (ClusterStateCleanupIT), not every second.
            "xaalis.portal.session-cleanup-interval=0s",
            // Every test comes from 127.0.0.1: the public pages' budgets are tested where they are meant
            // to bite (PublicBudgetsIT), and stay out of the way elsewhere.
            "xaalis.public-limits.link-payments-per-address=100000/1m",
            "xaalis.public-limits.link-payments-per-link=100000/1m",
            "xaalis.public-limits.hosted-page-per-address=100000/1m",
            "xaalis.public-limits.hosted-page-per-payment=100000/1m",
            "xaalis.public-limits.sign-in-per-address=100000/1m",
            "xaalis.public-limits.password-reset-per-address=100000/1m",
            "xaalis.public-limits.password-reset-per-email=100000/1m",
        })
@ContextConfiguration(initializers = {TestDatabaseInitializer.class, MailCatcher.Initializer.class})
@Import(TestClockConfiguration.class)
public @interface IntegrationTest {}
