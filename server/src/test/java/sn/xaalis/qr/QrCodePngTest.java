package sn.xaalis.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QrCodePngTest {

    static String decode(byte[] png) throws Exception {
        var image = ImageIO.read(new ByteArrayInputStream(png));
        var bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        return new QRCodeReader()
                .decode(bitmap, Map.of(DecodeHintType.CHARACTER_SET, "UTF-8"))
                .getText();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://localhost:8080/sandbox/checkout/SVC-AB12CD34?app=WALLET",
                "https://pay.example/checkout/session/cos-1b2c3d4e5f6g7h8i9j0k?amount=1500&currency=XOF&client_reference=SVC-AB12CD34&success_url=https%3A%2F%2Fshop.example%2Fok&error_url=https%3A%2F%2Fshop.example%2Fko&lang=fr&theme=light&pad=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "Paiement – Dakar 日本 🙂",
            })
    void decodesToTheInput(String content) throws Exception {
        assertThat(decode(QrCodePng.render(content))).isEqualTo(content);
    }

    @Test
    void isA1BitGrayscalePngWithAQuietZone() {
        byte[] png = QrCodePng.render("http://localhost:8080/sandbox/checkout/SVC-AB12CD34?app=WALLET");
        assertThat(png).startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        ByteBuffer header = ByteBuffer.wrap(png, 8, 25);
        assertThat(header.getInt()).isEqualTo(13);
        byte[] type = new byte[4];
        header.get(type);
        assertThat(new String(type)).isEqualTo("IHDR");
        int width = header.getInt();
        int height = header.getInt();
        assertThat(width).isEqualTo(height);
        int modules = width / 4 - 2 * 4; // 4 px per module, 4-module quiet zone each side
        assertThat(width % 4).isZero();
        assertThat((modules - 17) % 4)
                .as("a QR version is 17 + 4v modules wide")
                .isZero();
        assertThat(header.get()).as("bit depth").isEqualTo((byte) 1);
        assertThat(header.get()).as("colour type").isEqualTo((byte) 0);
        assertThat(png.length).isLessThan(1024);
    }

    @Test
    void base64HasNoDataPrefixAndRoundTrips() {
        String content = "http://localhost/x";
        String base64 = QrCodePng.base64(content);
        assertThat(base64).doesNotStartWith("data:").startsWith("iVBORw0KGgo");
        assertThat(Base64.getDecoder().decode(base64)).isEqualTo(QrCodePng.render(content));
    }

    @Test
    void isSafeToUseFromManyThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            String content = "http://localhost/sandbox/checkout/SVC-" + i;
            results.add(pool.submit(() -> decode(QrCodePng.render(content))));
        }
        for (int i = 0; i < 64; i++) {
            assertThat(results.get(i).get()).isEqualTo("http://localhost/sandbox/checkout/SVC-" + i);
        }
        pool.shutdown();
    }

    @Test
    void refusesEmptyContent() {
        assertThatThrownBy(() -> QrCodePng.render("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> QrCodePng.render(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
