package sn.xaalis.verification;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Where a document's bytes live: in its row by default, or as a file named by its id under the configured
 * directory (readable by this process only). A file is written before its row commits, so a crash leaves
 * at most an orphan file, never a row without its bytes.
 */
@Component
class DocumentContents {

    private final @Nullable Path directory;

    DocumentContents(VerificationProperties properties) {
        String configured = properties.documentsDirectory();
        this.directory = configured == null || configured.isBlank() ? null : Path.of(configured);
    }

    /** The path the file was written to, or null when the bytes go in the row. */
    @Nullable
    String write(UUID id, byte[] content) {
        if (directory == null) {
            return null;
        }
        try {
            Files.createDirectories(directory);
            Path file = directory.resolve(id.toString());
            Files.write(file, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // A file system without POSIX permissions: the directory's own protect it.
            }
            return file.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not store the document", e);
        }
    }

    byte[] read(Verifications.Stored stored) {
        if (stored.content() != null) {
            return stored.content();
        }
        try {
            return Files.readAllBytes(Path.of(java.util.Objects.requireNonNull(stored.path())));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the document", e);
        }
    }

    void delete(String path) {
        if (!path.isEmpty()) {
            try {
                Files.deleteIfExists(Path.of(path));
            } catch (IOException e) {
                throw new UncheckedIOException("Could not delete the document", e);
            }
        }
    }
}
