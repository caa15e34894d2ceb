package sn.xaalis.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Locale;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.context.support.ResourceBundleMessageSource;
import sn.xaalis.audit.AuditEvent;
import tools.jackson.databind.json.JsonMapper;

/** An entry of the trail in words and named fields, in the page's language, never as its stored JSON. */
class AuditTextsTest {

    private final AuditTexts texts;

    AuditTextsTest() {
        ResourceBundleMessageSource messages = new ResourceBundleMessageSource();
        messages.setBasenames("i18n/operator", "i18n/portal", "i18n/common");
        messages.setDefaultEncoding("UTF-8");
        messages.setFallbackToSystemLocale(false);
        texts = new AuditTexts(messages, JsonMapper.builder().build());
    }

    @AfterEach
    void resetLocale() {
        LocaleContextHolder.resetLocaleContext();
    }

    private static AuditEvent event(String action, @Nullable String before, @Nullable String after) {
        return new AuditEvent(
                1, Instant.EPOCH, "operator", "awa@op.example", null, UUID.randomUUID(), action, "s", before, after);
    }

    @Test
    void aSuspensionIsSaidWithItsCauseAndReasonOnceInFrenchAndEnglish() {
        AuditEvent suspended = event(
                "merchant.approval.changed",
                "{\"approval\":\"approved\",\"cause\":null,\"reason\":null}",
                "{\"approval\":\"withdrawn\",\"cause\":\"fraud\",\"reason\":\"Paiements contestés\"}");
        LocaleContextHolder.setLocale(Locale.FRENCH);
        AuditTexts.Said fr = texts.of(suspended);
        assertThat(fr.sentence())
                .isEqualTo("Marchand suspendu (activité suspecte ou fraude signalée) : Paiements contestés");
        assertThat(fr.fields())
                .as("cause and reason are in the sentence, not repeated")
                .containsExactly(
                        new AuditTexts.Field("Paiements réels", "autorisés", "suspendus", false, false, false));
        LocaleContextHolder.setLocale(Locale.ENGLISH);
        assertThat(texts.of(suspended).sentence())
                .isEqualTo("Merchant suspended (suspicious activity or reported fraud): Paiements contestés");
    }

    @Test
    void fieldsAreNamedAndValuesReadNeverJson() {
        LocaleContextHolder.setLocale(Locale.FRENCH);
        AuditTexts.Said said = texts.of(event(
                "application.changed",
                "{\"live_enabled\":false,\"providers_live\":\"\",\"client_secret_hint\":\"ab\"}",
                "{\"live_enabled\":true,\"providers_live\":\"WALLET_SN\",\"client_secret_hint\":\"cd\"}"));
        assertThat(said.sentence()).isEqualTo("Réglages d’une application modifiés");
        assertThat(said.fields())
                .containsExactly(
                        new AuditTexts.Field("Paiements réels activés", "Non", "Oui", false, false, false),
                        new AuditTexts.Field("Moyens de paiement (production)", "—", "WALLET_SN", false, false, true),
                        // A field the bundles do not name yet reads as words, not as a code.
                        new AuditTexts.Field("client secret hint", "ab", "cd", false, true, true));
        AuditTexts.Said unknown = texts.of(event("shop.window.broken", null, "{\"pane\":{\"x\":1}}"));
        assertThat(unknown.sentence()).isEqualTo("shop.window.broken");
        assertThat(unknown.fields().getFirst().after()).isEqualTo("x : 1").doesNotContain("{");
    }
}
