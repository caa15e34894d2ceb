package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Issue 34: bulk payout files as spreadsheets export them, and every bad line named. */
class PayoutFileTest {

    private static final BigDecimal MAX = new BigDecimal("2000000");

    private static PayoutFile read(String text) {
        return PayoutFile.read(text.getBytes(StandardCharsets.UTF_8), MAX, 100);
    }

    @Test
    void columnsAreFoundByTheirFrenchOrEnglishHeadersInAnyOrder() {
        PayoutFile file = read("Motif,Montant (FCFA),Nom complet,N° Téléphone\n"
                + "Prime,\"4 500\",Awa Diop,77 123 45 67\n"
                + "\"Avance, décembre\",1000,\"Ndiaye \"\"Doudou\"\"\",+221 78 000 00 01\n");
        assertThat(file.lines()).hasSize(2);
        PayoutFile.Line first = file.lines().get(0);
        assertThat(first.number()).isEqualTo(2);
        assertThat(first.phone()).isEqualTo("+221771234567");
        assertThat(first.amount()).isEqualByComparingTo("4500");
        assertThat(first.name()).isEqualTo("Awa Diop");
        assertThat(first.reason()).isEqualTo("Prime");
        PayoutFile.Line second = file.lines().get(1);
        assertThat(second.reason()).isEqualTo("Avance, décembre");
        assertThat(second.name()).isEqualTo("Ndiaye \"Doudou\"");
        assertThat(second.phone()).isEqualTo("+221780000001");
        assertThat(file.total()).isEqualByComparingTo("5500");
    }

    @Test
    void withoutAHeaderTheColumnsAreNumberAmountNameReasonWithSemicolonsOrTabs() {
        PayoutFile semicolons = read("771234567;2500;Awa;Salaire\n761234567;300\n");
        assertThat(semicolons.goodLines()).isEqualTo(2);
        assertThat(semicolons.lines().get(0).number()).isEqualTo(1);
        assertThat(semicolons.lines().get(1).name()).isNull();
        PayoutFile tabs = read("771234567\t2500,00\tAwa\n");
        assertThat(tabs.lines().get(0).amount()).isEqualByComparingTo("2500");
    }

    @Test
    void badLinesSayWhatIsWrongAndAreLeftOutOfTheTotal() {
        PayoutFile file = read("numero;montant;nom;motif\n"
                + "338220000;100;fixe;\n"
                + "771234567;0;zéro;\n"
                + "771234567;12.5;centimes;\n"
                + "771234567;3000000;trop;\n"
                + "771234567;100;" + "n".repeat(101) + ";\n"
                + "771234567;100;;" + "m".repeat(41) + "\n"
                + "771234567;100;bon;\n"
                + "77 123 45 67;200;doublon;\n");
        assertThat(file.lines())
                .extracting(PayoutFile.Line::problem)
                .containsExactly(
                        PayoutFile.Problem.PHONE,
                        PayoutFile.Problem.AMOUNT,
                        PayoutFile.Problem.AMOUNT,
                        PayoutFile.Problem.AMOUNT,
                        PayoutFile.Problem.NAME,
                        PayoutFile.Problem.REASON,
                        null,
                        PayoutFile.Problem.DUPLICATE);
        assertThat(file.goodLines()).isEqualTo(1);
        assertThat(file.total()).isEqualByComparingTo("100");
        assertThat(file.lines().get(0).phone()).isEqualTo("338220000");
    }

    @Test
    void excelsWindows1252AndAUtf8ByteOrderMarkAreBothRead() {
        byte[] ansi = "Numéro;Montant;Nom\n771234567;500;Aïssatou\n".getBytes(Charset.forName("windows-1252"));
        assertThat(PayoutFile.read(ansi, MAX, 10).lines().get(0).name()).isEqualTo("Aïssatou");
        byte[] bom = "\ufeffNuméro;Montant\n771234567;500\n".getBytes(StandardCharsets.UTF_8);
        assertThat(PayoutFile.read(bom, MAX, 10).goodLines()).isEqualTo(1);
    }

    @Test
    void emptyFilesTooManyLinesAndBinaryFilesAreRefusedWhole() {
        assertThatThrownBy(() -> read("numero;montant\n\n;;\n"))
                .isInstanceOfSatisfying(
                        PayoutFile.Unreadable.class, e -> assertThat(e.key()).isEqualTo("empty"));
        assertThatThrownBy(() -> PayoutFile.read("771234567;1\n".repeat(11).getBytes(StandardCharsets.UTF_8), MAX, 10))
                .isInstanceOfSatisfying(
                        PayoutFile.Unreadable.class, e -> assertThat(e.key()).isEqualTo("tooMany"));
        assertThatThrownBy(() -> PayoutFile.read(new byte[] {'P', 'K', 3, 4, 0, 0, 1}, MAX, 10))
                .isInstanceOfSatisfying(
                        PayoutFile.Unreadable.class, e -> assertThat(e.key()).isEqualTo("notText"));
    }

    @Test
    void aSingleFormIsCheckedByTheSameRules() {
        assertThat(PayoutFile.single("70 000 00 11", "1 000 F", "", "", MAX).phone())
                .isEqualTo("+221700000011");
        assertThat(PayoutFile.single("72 000 00 11", "1000", "", "", MAX).problem())
                .isEqualTo(PayoutFile.Problem.PHONE);
    }
}
