package sn.xaalis.secrets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the master key: configured, or (embedded database only) generated once into the data
 * directory. Which of the two applies is chosen once, by database kind, in {@link SecretsConfiguration}.
 */
final class MasterKey {

    private static final Logger log = LoggerFactory.getLogger(MasterKey.class);
    private static final String FILE_NAME = "master.key";

    private MasterKey() {}

    /**
     * On PostgreSQL the key must be configured: every node needs the same one, and a key generated
     * into one node's disk would leave the others unable to read what it sealed.
     */
    static byte[] configured(String configured) {
        if (configured == null || configured.isBlank()) {
            throw new IllegalStateException("XAALIS_SECRETS_MASTER_KEY (xaalis.secrets.master-key) must be set when"
                    + " Xaalis runs on PostgreSQL: base64 of 32 random bytes, e.g. `openssl rand -base64 32`."
                    + " Keep it safe: stored webhook signing secrets cannot be read without it.");
        }
        return decode(configured.trim(), "xaalis.secrets.master-key (XAALIS_SECRETS_MASTER_KEY)");
    }

    /** On the embedded database, which serves one node: the configured key, else one kept in {@code dataDir}. */
    static byte[] configuredOrGenerated(String configured, Path dataDir) {
        if (configured != null && !configured.isBlank()) {
            return configured(configured);
        }
        return loadOrCreate(dataDir.resolve(FILE_NAME));
    }

    private static byte[] loadOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                return decode(Files.readString(file, StandardCharsets.US_ASCII).trim(), file.toString());
            }
            Files.createDirectories(file.getParent());
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            Files.writeString(
                    file,
                    Base64.getEncoder().encodeToString(key) + "\n",
                    StandardCharsets.US_ASCII,
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            restrictToOwner(file);
            log.warn(
                    "Generated a master key into {} (embedded mode). Back it up with the database, and set"
                            + " XAALIS_SECRETS_MASTER_KEY in production.",
                    file.toAbsolutePath());
            return key;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create the master key file " + file, e);
        }
    }

    private static void restrictToOwner(Path file) {
        try {
            Files.setPosixFilePermissions(
                    file, Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
        } catch (UnsupportedOperationException | IOException e) {
            log.debug("Could not restrict permissions of {}: {}", file, PosixFilePermissions.class.getSimpleName());
        }
    }

    private static byte[] decode(String base64, String source) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(source + " is not valid base64");
        }
        if (key.length != 32) {
            throw new IllegalStateException(source + " must decode to 32 bytes, not " + key.length);
        }
        return key;
    }
}
