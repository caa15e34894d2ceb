package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * The list across a merchant's applications and environments (one index read per application and
 * environment, merged) pages through exactly the payments a filter selects, newest first, ties on
 * the creation time broken by id, with no payment twice or left out.
 */
@IntegrationTest
class PaymentListingIT extends ApiIntegrationTest {

    private static final PaymentStatus[] STATUSES = {
        PaymentStatus.SUCCESS,
        PaymentStatus.SUCCESS,
        PaymentStatus.FAILED,
        PaymentStatus.CANCELLED,
        PaymentStatus.EXPIRED,
        PaymentStatus.PROCESSING
    };

    @Autowired
    Payments payments;

    @Autowired
    PaymentListing listing;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Test
    void pagesAcrossApplicationsAndEnvironmentsGiveEveryMatchingPaymentOnceInOrder() {
        Api.Merchant first = api.onboardBoth();
        Api.Response second = api.admin(
                "POST",
                "/merchants/" + first.merchantId() + "/applications",
                "{\"name\":\"Second shop\",\"providers\":[\"WALLET_SN\"]}");
        List<ApplicationId> apps = List.of(
                ApplicationId.valueOf(first.applicationId()),
                ApplicationId.valueOf(second.json().get("id").stringValue()));
        long seed = System.nanoTime();
        Random random = new Random(seed);
        // A month ahead of the test clock: the expiry job leaves the PROCESSING ones alone.
        Instant base = clock.instant().plus(Duration.ofDays(30));
        List<Payment> stored = new ArrayList<>();
        for (int i = 0; i < 90; i++) {
            // Few distinct instants: many payments share one, and the id decides their order.
            Clock at = Clock.fixed(base.plusSeconds(random.nextInt(12)), ZoneOffset.UTC);
            Payment p = NewPayments.processing(
                    at,
                    apps.get(random.nextInt(apps.size())),
                    random.nextBoolean() ? Environment.SANDBOX : Environment.LIVE,
                    random.nextBoolean() ? Provider.WALLET_SN : Provider.MOBILEMONEY_SN,
                    new BigDecimal("100.00"),
                    Reference.random());
            assertThat(payments.insert(p, null, null)).isTrue();
            PaymentStatus status = STATUSES[random.nextInt(STATUSES.length)];
            jdbc.sql("UPDATE payments SET status = :status WHERE id = :id")
                    .param("status", status.name())
                    .param("id", p.transactionUuid().value())
                    .update();
            stored.add(p.with(status, null, null, null));
        }
        // The database's order: newest first, then the id as unsigned bytes (its text form sorts so).
        Comparator<Payment> newestFirst = Comparator.comparing(Payment::createdAt)
                .thenComparing(p -> p.transactionUuid().toString())
                .reversed();

        for (Environment environment : new Environment[] {null, Environment.SANDBOX, Environment.LIVE}) {
            for (PaymentStatus status : new PaymentStatus[] {null, PaymentStatus.FAILED, PaymentStatus.PROCESSING}) {
                for (Provider provider : new Provider[] {null, Provider.MOBILEMONEY_SN}) {
                    List<PaymentId> expected = stored.stream()
                            .filter(p -> environment == null || p.environment() == environment)
                            .filter(p -> status == null || p.status() == status)
                            .filter(p -> provider == null || p.provider() == provider)
                            .sorted(newestFirst)
                            .map(Payment::transactionUuid)
                            .toList();
                    PaymentFilter filter = new PaymentFilter(status, provider, null, null, null);
                    List<PaymentId> paged = new ArrayList<>();
                    for (int page = 0; page < 100; page++) {
                        List<Payment> rows = listing.list(Set.copyOf(apps), environment, filter, 7);
                        rows.forEach(p -> paged.add(p.transactionUuid()));
                        if (rows.size() < 7) {
                            break;
                        }
                        Payment last = rows.getLast();
                        filter = filter.after(new PaymentFilter.Position(
                                last.createdAt(), last.transactionUuid().value()));
                    }
                    assertThat(paged)
                            .as("environment %s, status %s, provider %s (seed %d)", environment, status, provider, seed)
                            .containsExactlyElementsOf(expected);
                }
            }
        }
    }
}
