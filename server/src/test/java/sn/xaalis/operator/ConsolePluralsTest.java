package sn.xaalis.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;

/**
 * Counts read as people say them: in French 0 and 1 take the singular ("0 paiement", "1 paiement",
 * "2 paiements"), in English only 1 does ("0 payments", "1 payment"); and no text dodges it with "(s)".
 */
class ConsolePluralsTest {

    private static final ResourceBundleMessageSource MESSAGES = new ResourceBundleMessageSource();

    static {
        MESSAGES.setBasenames("i18n/operator", "i18n/portal", "i18n/common");
        MESSAGES.setDefaultEncoding("UTF-8");
        MESSAGES.setFallbackToSystemLocale(false);
    }

    private static String say(String key, Locale locale, Object... args) {
        return MESSAGES.getMessage(key, args, locale).replace('\u202f', ' ').replace('\u00a0', ' ');
    }

    @Test
    void paymentsFoundInTheConsole() {
        assertThat(say("operator.payments.found", Locale.FRENCH, 0)).isEqualTo("0 paiement trouvé");
        assertThat(say("operator.payments.found", Locale.FRENCH, 1)).isEqualTo("1 paiement trouvé");
        assertThat(say("operator.payments.found", Locale.FRENCH, 2)).isEqualTo("2 paiements trouvés");
        assertThat(say("operator.payments.found", Locale.FRENCH, 1500)).isEqualTo("1 500 paiements trouvés");
        assertThat(say("operator.payments.found", Locale.ENGLISH, 0)).isEqualTo("0 payments found");
        assertThat(say("operator.payments.found", Locale.ENGLISH, 1)).isEqualTo("1 payment found");
        assertThat(say("operator.payments.found", Locale.ENGLISH, 2)).isEqualTo("2 payments found");
    }

    @Test
    void aMerchantsPaymentsAndWebhooks() {
        assertThat(say("operator.merchant.payments", Locale.FRENCH, 0L, 0L)).isEqualTo("0 paiement, dont 0 réussi");
        assertThat(say("operator.merchant.payments", Locale.FRENCH, 1L, 1L)).isEqualTo("1 paiement, dont 1 réussi");
        assertThat(say("operator.merchant.payments", Locale.FRENCH, 3L, 2L)).isEqualTo("3 paiements, dont 2 réussis");
        assertThat(say("operator.merchant.payments", Locale.ENGLISH, 0L, 0L)).isEqualTo("0 payments, 0 successful");
        assertThat(say("operator.merchant.payments", Locale.ENGLISH, 1L, 1L)).isEqualTo("1 payment, 1 successful");
        assertThat(say("operator.merchant.webhookCounts", Locale.FRENCH, 0L, 1L, 1L, 2L))
                .isEqualTo("0 livrée, 1 en échec, 1 abandonnée, 2 en attente");
        assertThat(say("operator.merchant.webhookCounts", Locale.FRENCH, 2L, 0L, 3L, 0L))
                .isEqualTo("2 livrées, 0 en échec, 3 abandonnées, 0 en attente");
    }

    @Test
    void noTextWritesAPluralAsParenthesisedLetters() throws IOException {
        try (Stream<Path> bundles = Files.list(Path.of("src/main/resources/i18n"))) {
            List<String> dodged = bundles.filter(p -> p.toString().endsWith(".properties"))
                    .flatMap(p -> {
                        try {
                            return Files.readAllLines(p, StandardCharsets.UTF_8).stream()
                                    .filter(line -> line.matches(".*\\p{L}\\((s|es|e)\\).*"))
                                    .map(line -> p.getFileName() + ": " + line);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .toList();
            assertThat(dodged).isEmpty();
        }
    }
}
