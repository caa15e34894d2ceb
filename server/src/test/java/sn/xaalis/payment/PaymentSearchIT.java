package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/**
 * The operator finds a payment of any merchant by each key a customer may hold, with whose it is; other
 * payments, other numbers and other dates stay out; at most {@link PaymentSearch#LIMIT}, newest first.
 */
@IntegrationTest
class PaymentSearchIT extends ApiIntegrationTest {

    private static final Random RANDOM = new Random();

    @Autowired
    PaymentSearch search;

    @Autowired
    Payments payments;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    String run;
    Shop awa;
    Shop diop;

    /** A merchant onboarded through the admin API under names of its own. */
    record Shop(Api.Merchant merchant, String name, String applicationName) {}

    /** A payment initiated through the API, with the keys the customer or the provider has. */
    record Initiated(String transactionUuid, String reference, String providerReference, Instant createdAt) {}

    @BeforeEach
    void twoMerchants() {
        run = Long.toString(System.nanoTime(), 36);
        awa = shop("Boutique Awa " + run, "Caisse Awa " + run);
        diop = shop("Librairie Diop " + run, "Site Diop " + run);
    }

    @Test
    void findsEachPaymentByEachOfItsKeysWithWhoseItIs() {
        String awaPhone = newPhone();
        String diopPhone = newPhone();
        Initiated first = initiate(awa, awaPhone);
        Initiated second = initiate(diop, diopPhone);
        // The sandbox names no provider transaction: a live provider's notification would set it.
        String providerTransaction = "MP" + run.toUpperCase() + ".0042";
        jdbc.sql("UPDATE payments SET provider_transaction_id = :tx WHERE reference = :ref")
                .param("tx", providerTransaction)
                .param("ref", first.reference())
                .update();

        for (String key : List.of(
                first.reference(),
                " " + first.reference().toLowerCase() + " ",
                first.transactionUuid(),
                first.transactionUuid().toUpperCase(),
                first.providerReference(),
                providerTransaction)) {
            List<PaymentSearch.Found> found = search.byKey(key);
            assertThat(found).as(key).hasSize(1);
            assertWhose(found.getFirst(), first, awa);
            assertThat(found.getFirst().payment().providerTransactionId()).isEqualTo(providerTransaction);
        }
        for (String key : List.of(second.reference(), second.transactionUuid(), second.providerReference())) {
            List<PaymentSearch.Found> found = search.byKey(key);
            assertThat(found).as(key).hasSize(1);
            assertWhose(found.getFirst(), second, diop);
        }
    }

    @Test
    void findsNothingForKeysThatMatchNothing() {
        initiate(awa, newPhone());
        for (String key : List.of(
                "",
                "   ",
                Reference.random().value(),
                "00000000-0000-7000-8000-000000000000",
                "no such thing " + run,
                "x".repeat(129))) {
            assertThat(search.byKey(key)).as(key).isEmpty();
        }
    }

    @Test
    void findsACustomersPaymentsByTheirNumberAsTypedWithinTheDates() {
        String national = newNational();
        Initiated first = initiate(awa, "+221" + national);
        Initiated second = initiate(diop, "+221" + national);
        initiate(diop, newPhone()); // another customer's
        String spaced = national.substring(0, 2) + " " + national.substring(2, 5) + " " + national.substring(5, 7) + " "
                + national.substring(7);
        Instant from = first.createdAt().minus(Duration.ofMinutes(5));
        Instant to = second.createdAt().plus(Duration.ofMinutes(5));

        for (String typed : List.of(
                "+221 " + spaced,
                "00221" + national,
                national.substring(0, 2) + "." + national.substring(2, 5) + "." + national.substring(5, 7) + "."
                        + national.substring(7),
                spaced)) {
            List<PaymentSearch.Found> found = search.byCustomerPhone(typed, from, to);
            assertThat(found).as(typed).hasSize(2);
            assertWhose(found.get(0), second, diop);
            assertWhose(found.get(1), first, awa);
        }
        // [from, to): the creation instant itself is in a range that starts there, not in one that ends there.
        assertThat(search.byCustomerPhone(spaced, first.createdAt(), second.createdAt()))
                .extracting(f -> f.payment().reference().value())
                .containsExactly(first.reference());
        assertThat(search.byCustomerPhone(spaced, second.createdAt().plusNanos(1000), to))
                .isEmpty();
        assertThat(search.byCustomerPhone(spaced, from.minus(Duration.ofDays(1)), from))
                .isEmpty();
        assertThat(search.byCustomerPhone(spaced, to, from)).isEmpty();
        for (String unreadable : List.of("", "  ", "abc", "12", "77 12", "+", "+221 77 12a 45 67")) {
            assertThat(search.byCustomerPhone(unreadable, from, to))
                    .as(unreadable)
                    .isEmpty();
        }
    }

    @Test
    void findsANumberInEveryFormTheMerchantMayHaveSentIt() {
        String national = newNational();
        // The API takes + and digits as sent: a merchant may send the nine digits alone, or 00221 kept.
        Initiated bare = initiate(awa, "+" + national);
        Initiated zeros = initiate(awa, "+00221" + national);
        Initiated proper = initiate(diop, "+221" + national);
        Instant from = bare.createdAt().minusSeconds(60);
        Instant to = proper.createdAt().plusSeconds(60);

        assertThat(search.byCustomerPhone(national, from, to))
                .extracting(f -> f.payment().reference().value())
                .containsExactly(proper.reference(), zeros.reference(), bare.reference());
        // A number with another country code is only itself.
        String foreign = "+33 6 " + national.substring(1, 3) + " " + national.substring(3, 5) + " "
                + national.substring(5, 7) + " " + national.substring(7);
        Initiated abroad = initiate(awa, foreign.replace(" ", ""));
        assertThat(search.byCustomerPhone(foreign, from, abroad.createdAt().plusSeconds(1)))
                .extracting(f -> f.payment().reference().value())
                .containsExactly(abroad.reference());
    }

    @Test
    void givesTheNewestLimitOnly() {
        String national = newNational();
        String providerTransaction = "LIMIT-" + run;
        ApplicationId app = ApplicationId.valueOf(awa.merchant().applicationId());
        // A month ahead of the test clock: the expiry job leaves these PROCESSING payments alone.
        Instant base = clock.instant().plus(Duration.ofDays(30));
        List<String> newestFirst = new ArrayList<>();
        int count = PaymentSearch.LIMIT + 7;
        String[] forms = {"+221" + national, "+" + national, "+00221" + national};
        for (int i = 0; i < count; i++) {
            Payment p = NewPayments.processing(
                            Clock.fixed(base.plusSeconds(i), ZoneOffset.UTC),
                            app,
                            i % 2 == 0 ? Environment.SANDBOX : Environment.LIVE,
                            Provider.WALLET_SN,
                            new BigDecimal("100.00"),
                            Reference.random())
                    .toBuilder()
                    // The forms interleaved: the three branches' rows are merged into one order.
                    .customerPhone(forms[i % forms.length])
                    .build();
            assertThat(payments.insert(p, null, null)).isTrue();
            jdbc.sql("UPDATE payments SET provider_transaction_id = :tx WHERE id = :id")
                    .param("tx", providerTransaction)
                    .param("id", p.transactionUuid().value())
                    .update();
            newestFirst.addFirst(p.reference().value());
        }
        List<String> expected = newestFirst.subList(0, PaymentSearch.LIMIT);

        assertThat(search.byCustomerPhone(national, base, base.plus(Duration.ofDays(1))))
                .extracting(f -> f.payment().reference().value())
                .containsExactlyElementsOf(expected);
        assertThat(search.byKey(providerTransaction))
                .extracting(f -> f.payment().reference().value())
                .containsExactlyElementsOf(expected);
        assertThat(search.byKey(providerTransaction))
                .allSatisfy(f -> assertThat(f.merchantName()).isEqualTo(awa.name()));
    }

    private void assertWhose(PaymentSearch.Found found, Initiated payment, Shop shop) {
        assertThat(found.payment().reference().value()).isEqualTo(payment.reference());
        assertThat(found.payment().transactionUuid().toString()).isEqualTo(payment.transactionUuid());
        assertThat(found.payment().createdAt()).isEqualTo(payment.createdAt());
        assertThat(found.merchantId())
                .isEqualTo(MerchantId.valueOf(shop.merchant().merchantId()));
        assertThat(found.merchantName()).isEqualTo(shop.name());
        assertThat(found.applicationName()).isEqualTo(shop.applicationName());
        assertThat(found.payment().applicationId().toString())
                .isEqualTo(shop.merchant().applicationId());
    }

    private Initiated initiate(Shop shop, String phone) {
        Api.Response response = api.initiate(
                shop.merchant(),
                "{\"provider\":\"WALLET_SN\",\"amount\":\"2500\",\"customer_phone\":\"" + phone + "\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode json = response.json();
        return new Initiated(
                json.get("transaction_uuid").stringValue(),
                json.get("reference").stringValue(),
                json.get("provider_reference").stringValue(),
                Instant.parse(json.get("created_at").stringValue()));
    }

    private Shop shop(String name, String applicationName) {
        Api.Response merchant = api.admin(
                "POST",
                "/merchants",
                "{\"name\":\"" + name + "\",\"email\":\"search" + System.nanoTime() + "@example.com\",\"password\":\""
                        + Api.PASSWORD + "\"}");
        assertThat(merchant.status()).as(merchant.body()).isEqualTo(201);
        String merchantId = merchant.json().get("id").stringValue();
        Api.Response app = api.admin(
                "POST",
                "/merchants/" + merchantId + "/applications",
                "{\"name\":\"" + applicationName + "\",\"providers\":[\"WALLET_SN\"]}");
        assertThat(app.status()).as(app.body()).isEqualTo(201);
        JsonNode json = app.json();
        return new Shop(
                new Api.Merchant(
                        merchantId,
                        json.get("id").stringValue(),
                        json.get("endpoint_key").stringValue(),
                        json.get("sandbox").get("api_key").stringValue(),
                        json.get("sandbox").get("api_secret").stringValue()),
                name,
                applicationName);
    }

    /** A mobile number no other test uses (not one of the sandbox's magic 70 000 000x). */
    private static String newNational() {
        return "77" + String.format("%07d", RANDOM.nextInt(10_000_000));
    }

    private static String newPhone() {
        return "+221" + newNational();
    }
}
