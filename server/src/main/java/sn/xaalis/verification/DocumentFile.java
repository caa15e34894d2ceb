package sn.xaalis.verification;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * An uploaded document, judged by its bytes rather than its name or the browser's content type: a PDF
 * (starts with {@code %PDF-}, ends with {@code %%EOF}), a JPEG (the SOI marker, ends with EOI) or a PNG
 * (the signature, an IHDR chunk first and the IEND chunk last). A file named {@code .pdf} that is an
 * executable, a web page or a script is none of these, and is refused.
 */
record DocumentFile(String fileName, Type type, byte[] content) {

    static final int MAX_BYTES = 5 * 1024 * 1024;
    static final Set<String> KINDS = Set.of("ninea", "rccm", "identity", "other");

    enum Type {
        PDF("application/pdf"),
        JPEG("image/jpeg"),
        PNG("image/png");

        final String contentType;

        Type(String contentType) {
            this.contentType = contentType;
        }
    }

    /** Why a file is refused, as a message key. */
    static final class Refused extends RuntimeException {
        final String messageKey;

        Refused(String messageKey) {
            super(messageKey, null, false, false);
            this.messageKey = messageKey;
        }
    }

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] PNG_END = {0, 0, 0, 0, 'I', 'E', 'N', 'D', (byte) 0xae, 0x42, 0x60, (byte) 0x82};

    /** The file if its bytes are one of the three types; {@link Refused} otherwise. */
    static DocumentFile check(String fileName, byte[] content) {
        if (content.length == 0) {
            throw new Refused("verification.error.empty");
        }
        if (content.length > MAX_BYTES) {
            throw new Refused("verification.error.tooLarge");
        }
        Type type = sniff(content).orElseThrow(() -> new Refused("verification.error.type"));
        return new DocumentFile(cleanName(fileName, type), type, content);
    }

    static Optional<Type> sniff(byte[] b) {
        if (startsWith(b, "%PDF-".getBytes(StandardCharsets.US_ASCII))
                && tailContains(b, "%%EOF".getBytes(StandardCharsets.US_ASCII), 1024)) {
            return Optional.of(Type.PDF);
        }
        if (b.length > 4
                && (b[0] & 0xff) == 0xff
                && (b[1] & 0xff) == 0xd8
                && (b[2] & 0xff) == 0xff
                && tailContains(b, new byte[] {(byte) 0xff, (byte) 0xd9}, 64)) {
            return Optional.of(Type.JPEG);
        }
        if (startsWith(b, PNG_SIGNATURE)
                && b.length >= 33 + PNG_END.length
                && b[12] == 'I'
                && b[13] == 'H'
                && b[14] == 'D'
                && b[15] == 'R'
                && Arrays.equals(b, b.length - PNG_END.length, b.length, PNG_END, 0, PNG_END.length)) {
            return Optional.of(Type.PNG);
        }
        return Optional.empty();
    }

    /** The name shown to operators: no path, no control characters, the extension of what it really is. */
    static String cleanName(String fileName, Type type) {
        String base = fileName.replace('\\', '/');
        base = base.substring(base.lastIndexOf('/') + 1)
                .replaceAll("[\\p{Cntrl}\"]", "")
                .strip();
        int dot = base.lastIndexOf('.');
        String stem = dot > 0 ? base.substring(0, dot) : base;
        if (stem.isBlank()) {
            stem = "document";
        }
        if (stem.length() > 150) {
            stem = stem.substring(0, 150);
        }
        return stem + "." + type.name().toLowerCase(Locale.ROOT).replace("jpeg", "jpg");
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static boolean tailContains(byte[] b, byte[] needle, int window) {
        for (int i = Math.max(0, b.length - window); i + needle.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + needle.length, needle, 0, needle.length)) {
                return true;
            }
        }
        return false;
    }
}
