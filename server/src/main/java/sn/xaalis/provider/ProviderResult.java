package sn.xaalis.provider;

import java.time.Instant;
import java.util.SequencedMap;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;

/** The expected outcomes of asking a provider to open a session; bugs stay exceptions. */
public sealed interface ProviderResult {

    /**
     * @param deepLinks keys of SPEC §2.3, in order
     * @param qrCodePng base64 PNG chosen by the provider, or null to encode the first deep link ourselves
     * @param expiresAt the provider's own deadline, or null when it has none
     * @param connectionId the merchant's connection the session was opened in; null for the installation's
     *     own account and in sandbox
     * @param connectionVersion the version of that connection's account it was opened in
     */
    record Created(
            String providerReference,
            SequencedMap<String, String> deepLinks,
            @Nullable String qrCodePng,
            @Nullable Instant expiresAt,
            @Nullable ConnectionId connectionId,
            int connectionVersion)
            implements ProviderResult {

        public Created(
                String providerReference,
                SequencedMap<String, String> deepLinks,
                @Nullable String qrCodePng,
                @Nullable Instant expiresAt,
                @Nullable ConnectionId connectionId) {
            this(providerReference, deepLinks, qrCodePng, expiresAt, connectionId, 1);
        }

        Created inAccount(ProviderAccount account) {
            return new Created(
                    providerReference, deepLinks, qrCodePng, expiresAt, account.connectionId(), account.version());
        }
    }

    /** The provider said no; the reason is safe to show to the merchant (SPEC §4.1 "refusal by the provider"). */
    record Refused(String reason) implements ProviderResult {}

    /** The provider could not be reached or is not configured; the request may be retried later. */
    record Unavailable(String reason) implements ProviderResult {}
}
