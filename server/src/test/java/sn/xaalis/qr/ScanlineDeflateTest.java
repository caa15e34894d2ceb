package sn.xaalis.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class ScanlineDeflateTest {

    private static final byte[] VALUES = {0x00, 0x0F, (byte) 0xF0, (byte) 0xFF};

    static byte[] inflate(byte[] zlib, int expectedLength) throws DataFormatException {
        Inflater inflater = new Inflater(); // zlib wrapper: checks the header and the Adler-32
        inflater.setInput(zlib);
        byte[] out = new byte[expectedLength + 1];
        int length = inflater.inflate(out);
        assertThat(inflater.finished()).as("the stream ends where it should").isTrue();
        assertThat(inflater.getRemaining()).isZero();
        inflater.end();
        return Arrays.copyOf(out, length);
    }

    @Test
    void inflatesToTheScanlinesWhateverTheirLengthsAndRepeats() throws Exception {
        Random random = new Random(19);
        // Line lengths across every distance code a QR image can need, and runs of repeats whose
        // total crosses 258 (one copy's most) with every remainder, 1 and 2 included.
        for (int lineLength = 1; lineLength <= 400; lineLength += lineLength < 40 ? 1 : 7) {
            for (int trial = 0; trial < 6; trial++) {
                byte[] lines = scanlines(random, lineLength, 1 + random.nextInt(60));
                assertThat(inflate(ScanlineDeflate.zlib(lines, lineLength), lines.length))
                        .as("lines of %d bytes", lineLength)
                        .isEqualTo(lines);
            }
        }
    }

    @Test
    void copiesOfEveryLengthAroundTheLimitOfOne() throws Exception {
        for (int total = 250; total <= 780; total++) {
            // One line of `total` bytes, then an identical one: a copy of `total` bytes at that distance.
            byte[] lines = new byte[2 * total];
            Random random = new Random(total);
            for (int i = 0; i < total; i++) {
                lines[i] = lines[total + i] = VALUES[random.nextInt(4)];
            }
            assertThat(inflate(ScanlineDeflate.zlib(lines, total), lines.length))
                    .isEqualTo(lines);
        }
    }

    @Test
    void aQrImageIsPixelForPixelItsMatrixAndNoLargerThanZlibWouldMakeIt() throws Exception {
        StringBuilder content = new StringBuilder();
        Random random = new Random(7);
        // From version 1 to beyond 30: every size of image the renderer draws.
        while (content.length() < 1_200) {
            String text = content.toString() + "x";
            byte[] png = QrCodePng.render(text);
            QrMatrix.Modules matrix = QrMatrix.encode(text);
            var image = ImageIO.read(new ByteArrayInputStream(png));
            int size = (matrix.width() + 8) * 4;
            assertThat(image.getWidth()).isEqualTo(size);
            for (int y = 0; y < size; y++) {
                for (int x = 0; x < size; x++) {
                    int mx = x / 4 - 4;
                    int my = y / 4 - 4;
                    boolean inside = mx >= 0 && my >= 0 && mx < matrix.width() && my < matrix.width();
                    boolean dark = inside && matrix.dark(mx, my);
                    assertThat((image.getRGB(x, y) & 0xFFFFFF) == 0)
                            .as("pixel %d,%d of a %d-module code", x, y, matrix.width())
                            .isEqualTo(dark);
                }
            }
            byte[] idat = idat(png);
            byte[] scanlines = inflate(idat, size * (size / 8 + 2));
            assertThat(idat.length)
                    .as("the stream of a %d-module code against zlib's fastest", matrix.width())
                    .isLessThanOrEqualTo(zlibFastest(scanlines));
            for (int i = 0; i < 6; i++) {
                content.append((char) ('a' + random.nextInt(26))).append(random.nextInt(1000));
            }
        }
    }

    @Test
    void refusesBytesItHasNoCodeFor() {
        byte[] lines = {0x00, 0x0F, 0x10};
        assertThatThrownBy(() -> ScanlineDeflate.zlib(lines, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScanlineDeflate.zlib(new byte[5], 3)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] scanlines(Random random, int lineLength, int count) {
        byte[] lines = new byte[lineLength * count];
        for (int line = 0; line < count; line++) {
            int start = line * lineLength;
            if (line > 0 && random.nextInt(3) > 0) {
                System.arraycopy(lines, start - lineLength, lines, start, lineLength);
            } else {
                for (int i = start; i < start + lineLength; i++) {
                    lines[i] = VALUES[random.nextInt(4)];
                }
            }
        }
        return lines;
    }

    private static byte[] idat(byte[] png) {
        ByteBuffer buffer = ByteBuffer.wrap(png, 8, png.length - 8);
        while (true) {
            int length = buffer.getInt();
            byte[] type = new byte[4];
            buffer.get(type);
            byte[] data = new byte[length];
            buffer.get(data);
            CRC32 crc = new CRC32();
            crc.update(type);
            crc.update(data);
            assertThat(buffer.getInt()).isEqualTo((int) crc.getValue());
            if (new String(type).equals("IDAT")) {
                return data;
            }
        }
    }

    private static int zlibFastest(byte[] data) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[data.length + 64];
        int length = deflater.deflate(out);
        deflater.end();
        return length;
    }
}
