package sn.xaalis.qr;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.qrcode.encoder.QRCode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast mask choice gives exactly ZXing's symbol (which scores all eight masks the slow way). */
class QrMatrixTest {

    @Test
    void choosesTheSameMaskAndModulesAsZxingForManyContents() {
        Random random = new Random(42);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%é";
        int[] masksSeen = new int[8];
        int[] widths = new int[2]; // packed path (≤ 64 modules), byte path
        for (int i = 0; i < 400; i++) {
            int length = 1 + random.nextInt(i < 300 ? 120 : 600);
            StringBuilder content = new StringBuilder(length);
            for (int j = 0; j < length; j++) {
                content.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            assertSame(content.toString(), masksSeen);
            widths[QrMatrix.zxing(content.toString(), 0).getMatrix().getWidth() <= 64 ? 0 : 1]++;
        }
        assertThat(widths)
                .as("both code paths")
                .containsOnly(widths[0], widths[1])
                .doesNotContain(0);
        for (String link : new String[] {
            "https://pay.xaalis.example/sandbox/checkout/SVC-AB12CD34?app=WALLET",
            "om://pay/qr-1",
            "https://pay.wallet.example/c/cos-29",
            "x"
        }) {
            assertSame(link, masksSeen);
        }
        // The sample exercises every mask, so no branch of the choice goes untested.
        for (int mask = 0; mask < masksSeen.length; mask++) {
            assertThat(masksSeen[mask]).as("mask " + mask).isPositive();
        }
    }

    @Test
    void makesPaymentLinksWithoutZxingAndLeavesOtherModesToIt() {
        var symbol = MaskZeroSymbols.encode("https://pay.xaalis.example/sandbox/checkout/SVC-AB12CD34?app=WALLET");
        assertThat(symbol).isNotNull();
        assertThat(symbol.cells())
                .isEqualTo(QrMatrix.flatten(
                        QrMatrix.zxing("https://pay.xaalis.example/sandbox/checkout/SVC-AB12CD34?app=WALLET", 0)
                                .getMatrix()));
        // Digits and upper-case alphanumerics are numeric or alphanumeric mode: ZXing's to encode.
        assertThat(MaskZeroSymbols.encode("SVC-AB12CD34")).isNull();
        assertThat(MaskZeroSymbols.encode("123456")).isNull();
    }

    @Test
    void fastPathCoversEveryVersionExactly() {
        // One content per version 1..40 (byte mode, multi-byte UTF-8 included): the fast symbol must be
        // ZXing's mask-0 symbol, module for module, and no version may have fallen back to ZXing.
        for (int length = 1; length <= 2300; length += length < 200 ? 7 : 61) {
            String content = "é".repeat(length % 3) + "x".repeat(length);
            var symbol = MaskZeroSymbols.encode(content);
            assertThat(symbol).as("length " + length).isNotNull();
            assertThat(symbol.cells())
                    .as("length " + length)
                    .isEqualTo(QrMatrix.flatten(QrMatrix.zxing(content, 0).getMatrix()));
        }
    }

    private static void assertSame(String content, int[] masksSeen) {
        QRCode reference = QrMatrix.zxing(content, -1);
        QrMatrix.Modules fast = QrMatrix.encode(content);
        assertThat(fast.width()).isEqualTo(reference.getMatrix().getWidth());
        assertThat(fast.cells()).as(content).isEqualTo(QrMatrix.flatten(reference.getMatrix()));
        masksSeen[reference.getMaskPattern()]++;
    }
}
