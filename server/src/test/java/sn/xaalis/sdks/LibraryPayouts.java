package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.payout.PayoutTests;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.support.Api;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/**
 * What the PHP, Node.js and Python library tests share about payouts: each library's script creates three
 * sandbox payouts (the magic numbers of a success, a failure and a reversal), a replay under the same key, and
 * refusals ({@code create}); reads them back and lists them ({@code read}); and its receiver verifies the
 * {@code payout.*} notifications with the library's verifier, writing one JSON line per event. The scripts
 * print the same JSON in every language, so the assertions are the same.
 */
final class LibraryPayouts {

    private LibraryPayouts() {}

    /** A merchant whose application may send payouts (sandbox), as PayoutApiIT turns them on. */
    static Api.Merchant merchant(Api api, PayoutSettings settings) {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        settings.save(
                ApplicationId.valueOf(m.applicationId()),
                new PayoutSettings.Settings(true, new BigDecimal("1000000"), 100, List.of()));
        return m;
    }

    /** The merchant's keys as the scripts read them (XAALIS_BASE_URL and the three keys). */
    static Map<String, String> keys(Api api, Api.Merchant m) {
        return Map.of(
                "XAALIS_BASE_URL", api.base(),
                "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                "XAALIS_API_KEY", m.apiKey(),
                "XAALIS_API_SECRET", m.apiSecret());
    }

    /**
     * The payout flow, once the library's receiver listens at the merchant's webhook URL and writes its
     * events to {@code events}: the script's {@code create} and its report, the outcomes and their
     * notifications, the script's {@code read} (with the three references) and its report, then the
     * receiver's events. {@code script} runs the library's payout script with these arguments and returns
     * the JSON it printed.
     */
    static void run(Api api, Api.Merchant m, MutableClock clock, Path events, Function<List<String>, JsonNode> script)
            throws IOException {
        JsonNode created = script.apply(List.of("create"));
        assertCreated(created);
        Map<String, String> refs = references(created);
        awaitOutcomesAndNotifications(api, m, clock, refs);
        List<String> read = new ArrayList<>(List.of("read"));
        read.addAll(refs.values());
        assertRead(script.apply(read), refs);
        assertEvents(events, refs);
    }

    /** The stopped receiver's log (target/processes/{@code name}.log): nothing refused, never the secret. */
    static void assertReceiverLog(String name, Api.Merchant m) throws IOException {
        String log = Files.readString(Path.of("target", "processes", name + ".log"));
        assertThat(log).doesNotContain("Refused a notification").doesNotContain(m.apiSecret());
    }

    /** The script's {@code create} report: three payouts, one replay, a 422, a refused missing key, a 404. */
    static void assertCreated(JsonNode created) {
        for (String name : List.of("success", "failed", "reversed")) {
            JsonNode payout = created.get(name);
            assertThat(payout.get("reference").stringValue()).as(name).matches("OUT-[A-Z0-9]{8}");
            assertThat(payout.get("status").stringValue()).as(name).isIn("PROCESSING", "SUCCESS", "FAILED");
            assertThat(payout.get("amount").stringValue()).as(name).isEqualTo("5000.00");
            assertThat(payout.at("/metadata/staff_id").stringValue()).as(name).isEqualTo("S-12");
        }
        assertThat(created.at("/success/recipient_phone").stringValue()).isEqualTo("+221771234567");
        assertThat(created.at("/failed/recipient_phone").stringValue()).isEqualTo("+221700000011");
        assertThat(created.at("/reversed/recipient_phone").stringValue()).isEqualTo("+221700000012");
        // The same key twice: one payout.
        assertThat(created.get("replayed_reference").stringValue())
                .isEqualTo(created.at("/success/reference").stringValue());
        // Another body under that key: a 422, not retryable.
        assertThat(created.at("/conflict/status").intValue())
                .as(created.toString())
                .isEqualTo(422);
        assertThat(created.at("/conflict/retryable").booleanValue()).isFalse();
        // No key: refused by the library itself (never sent, so status 0).
        assertThat(created.at("/missing_key/status").intValue())
                .as(created.toString())
                .isZero();
        assertThat(created.at("/unknown/status").intValue()).isEqualTo(404);
    }

    /** The three payouts' references, by name. */
    static Map<String, String> references(JsonNode created) {
        Map<String, String> references = new LinkedHashMap<>();
        for (String name : List.of("success", "failed", "reversed")) {
            references.put(name, created.get(name).get("reference").stringValue());
        }
        return references;
    }

    /**
     * Waits until the success and the failure are settled and the reversal came after its success, then until
     * each of their four notifications was delivered (the receiver answered 200: it verified it). The server's
     * clock follows real time in this context; it is moved a second at a time, as PayoutApiIT moves it by
     * minutes, so that the receivers, which check the signature's time against their own, still accept it.
     */
    static void awaitOutcomesAndNotifications(Api api, Api.Merchant m, MutableClock clock, Map<String, String> refs) {
        PayoutTests.awaitPayout(api, m, refs.get("success"), "SUCCESS", Duration.ofSeconds(15));
        PayoutTests.awaitPayout(api, m, refs.get("failed"), "FAILED", Duration.ofSeconds(15));
        String reversed = refs.get("reversed");
        String status = "";
        for (int i = 0; i < 60 && !status.equals("REVERSED"); i++) {
            status = api.get(m, "/payouts/" + reversed + "/")
                    .json()
                    .get("status")
                    .stringValue();
            if (!status.equals("REVERSED")) {
                clock.advance(Duration.ofSeconds(1));
                PayoutTests.sleep(500);
            }
        }
        assertThat(status).as("payout " + reversed).isEqualTo("REVERSED");
        for (String eventId : eventIds(refs)) {
            api.awaitNotification(m, eventId, Set.of("DELIVERED"), Duration.ofSeconds(20));
        }
    }

    static List<String> eventIds(Map<String, String> refs) {
        return List.of(
                refs.get("success") + ":SUCCESS",
                refs.get("failed") + ":FAILED",
                refs.get("reversed") + ":SUCCESS",
                refs.get("reversed") + ":REVERSED");
    }

    /** The script's {@code read} report: each payout as it ended, the lists, a second page. */
    static void assertRead(JsonNode read, Map<String, String> refs) {
        JsonNode success = read.at("/read/" + refs.get("success"));
        assertThat(success.get("status").stringValue()).as(read.toString()).isEqualTo("SUCCESS");
        assertThat(success.get("fee").stringValue()).isEqualTo("50.00");
        JsonNode failed = read.at("/read/" + refs.get("failed"));
        assertThat(failed.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(failed.get("failure_code").stringValue()).isEqualTo("recipient-limit-exceeded");
        assertThat(read.at("/read/" + refs.get("reversed") + "/status").stringValue())
                .isEqualTo("REVERSED");
        assertThat(strings(read.get("listed"))).containsExactlyInAnyOrderElementsOf(refs.values());
        assertThat(strings(read.get("listed_failed"))).containsExactly(refs.get("failed"));
        assertThat(read.at("/first_page/size").intValue()).isEqualTo(1);
        assertThat(read.at("/first_page/has_more").booleanValue()).isTrue();
        assertThat(read.at("/first_page/cursor").booleanValue()).isTrue();
        assertThat(read.get("second_page_other").booleanValue()).isTrue();
    }

    /** The receiver's lines: each of the four notifications verified, read as a payout, once or more. */
    static void assertEvents(Path file, Map<String, String> refs) throws IOException {
        Map<String, JsonNode> events = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                JsonNode event = Api.JSON.readTree(line);
                events.put(event.get("id").stringValue(), event);
            }
        }
        assertThat(events.keySet()).containsExactlyInAnyOrderElementsOf(eventIds(refs));
        events.forEach((id, event) -> {
            String status = id.substring(id.indexOf(':') + 1);
            String reference = id.substring(0, id.indexOf(':'));
            assertThat(event.get("event").stringValue()).as(id).isEqualTo("payout." + status.toLowerCase());
            assertThat(event.get("reference").stringValue()).as(id).isEqualTo(reference);
            assertThat(event.get("status").stringValue()).as(id).isEqualTo(status);
            assertThat(event.get("is_payout").booleanValue()).as(id).isTrue();
            assertThat(event.at("/payout/reference").stringValue()).as(id).isEqualTo(reference);
            assertThat(event.at("/payout/status").stringValue()).as(id).isEqualTo(status);
            assertThat(event.at("/payout/amount").stringValue()).as(id).isEqualTo("5000.00");
            assertThat(event.at("/payout/metadata/staff_id").stringValue())
                    .as(id)
                    .isEqualTo("S-12");
        });
        assertThat(events.get(refs.get("success") + ":SUCCESS")
                        .at("/payout/fee")
                        .stringValue())
                .isEqualTo("50.00");
        assertThat(events.get(refs.get("failed") + ":FAILED")
                        .at("/payout/failure_code")
                        .stringValue())
                .isEqualTo("recipient-limit-exceeded");
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.stringValue()));
        return values;
    }
}
