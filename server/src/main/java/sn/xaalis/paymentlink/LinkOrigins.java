package sn.xaalis.paymentlink;

import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.payment.Payment;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payment link a payment was started from, for the customer pages: a customer who came from a link
 * has no merchant app to go back to, and tries again from the link itself while it takes payments.
 */
@Service
public class LinkOrigins {

    private final LinkCatalog catalog;
    private final JsonMapper json;

    LinkOrigins(LinkCatalog catalog, JsonMapper json) {
        this.catalog = catalog;
        this.json = json;
    }

    /**
     * A payment's link.
     *
     * @param path the link's page on this server, {@code /l/{code}}
     * @param open whether the link takes a payment now (a single-use link is open again once its payment failed)
     */
    public record LinkOrigin(String path, boolean open) {}

    /**
     * Empty when the payment did not come from a link. The link is named in the payment's metadata (what
     * {@link LinkCheckout} writes), which an API caller writes too: only a link of the payment's own
     * application and environment counts, so no merchant can send customers to another's link.
     */
    public Optional<LinkOrigin> of(Payment payment) {
        String code = code(payment.metadataJson());
        if (code == null) {
            return Optional.empty();
        }
        return catalog.publicLink(code)
                .filter(link -> link.applicationId().equals(payment.applicationId())
                        && link.environment() == payment.environment())
                .map(link -> new LinkOrigin("/l/" + link.code(), link.state(catalog.now()) == PaymentLink.State.OPEN));
    }

    private @Nullable String code(String metadata) {
        if (metadata == null || !metadata.contains(LinkCheckout.METADATA_KEY)) {
            return null;
        }
        try {
            JsonNode code = json.readTree(metadata).path(LinkCheckout.METADATA_KEY);
            return code.isString() ? code.stringValue() : null;
        } catch (JacksonException e) {
            return null;
        }
    }
}
