package sn.xaalis.verification;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where uploaded documents are kept.
 *
 * @param documentsDirectory a directory of this node's (shared by every node: a network volume); unset,
 *     documents are kept in the database, which every node reaches and every backup holds
 */
@ConfigurationProperties("xaalis.verification")
public record VerificationProperties(@Nullable String documentsDirectory) {}
