package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void quotesAndDefusesSpreadsheetFormulas() {
        assertThat(TransactionsExportController.csv("plain")).isEqualTo("\"plain\"");
        assertThat(TransactionsExportController.csv("say \"hi\", ok")).isEqualTo("\"say \"\"hi\"\", ok\"");
        assertThat(TransactionsExportController.csv("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(TransactionsExportController.csv("+1")).isEqualTo("\"'+1\"");
        assertThat(TransactionsExportController.csv("@SUM(A1)")).isEqualTo("\"'@SUM(A1)\"");
        assertThat(TransactionsExportController.csv(null)).isEmpty();
    }

    @Test
    void theHeaderIsInThePagesLanguageWithTheFeeAndTheNetLast() {
        var messages = new org.springframework.context.support.ResourceBundleMessageSource();
        messages.setBasename("i18n/portal");
        messages.setDefaultEncoding("UTF-8");
        messages.setFallbackToSystemLocale(false);
        assertThat(TransactionsExportController.header(messages, java.util.Locale.ENGLISH))
                .isEqualTo("reference,transaction_uuid,application,environment,provider,amount,currency,status,"
                        + "created_at,paid_at,expired_at,error_message,provider_reference,fee,net_amount\r\n");
        assertThat(TransactionsExportController.header(messages, java.util.Locale.FRENCH))
                .isEqualTo("référence,identifiant,application,environnement,opérateur,montant,devise,statut,"
                        + "créé le,payé le,expiré le,motif de l’échec,référence de l’opérateur,frais,net\r\n");
    }
}
