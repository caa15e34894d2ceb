package sn.xaalis.provider.sandbox;

import java.util.LinkedHashMap;
import java.util.SequencedMap;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.CodeRequest;
import sn.xaalis.provider.CodeResult;
import sn.xaalis.provider.FailureReason;
import sn.xaalis.provider.PaymentProvider;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderAction;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.SandboxCodes;
import sn.xaalis.provider.SessionReference;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.provider.SessionState;

/**
 * The in-process simulator serving both providers in sandbox (D13): every deep link opens the hosted
 * sandbox checkout page, with a parameter naming the app the link stands for.
 */
@Component
class SandboxProvider implements PaymentProvider {

    private final PublicBaseUrl publicBaseUrl;

    SandboxProvider(PublicBaseUrl publicBaseUrl) {
        this.publicBaseUrl = publicBaseUrl;
    }

    @Override
    public boolean serves(Provider provider, Environment environment) {
        return environment == Environment.SANDBOX;
    }

    @Override
    public ProviderResult createSession(@Nullable ProviderAccount account, SessionRequest request) {
        String checkout = publicBaseUrl.value() + "/sandbox/checkout/" + request.reference() + "?app=";
        SequencedMap<String, String> links = new LinkedHashMap<>();
        for (String key : request.provider().deepLinkKeys()) {
            links.put(key, checkout + key);
        }
        return new ProviderResult.Created("sbx_" + RandomTokens.hex(12), links, null, null, null);
    }

    /** Sandbox outcomes come from the checkout page, the simulation API or magic phones, never from here. */
    @Override
    public SessionState sessionState(ProviderAccount account, SessionReference session) {
        return new SessionState.Open();
    }

    @Override
    public ProviderAction cancel(ProviderAccount account, SessionReference session) {
        return new ProviderAction.Done();
    }

    /** Sandbox refunds succeed at once. */
    @Override
    public ProviderAction refund(ProviderAccount account, SessionReference session) {
        return new ProviderAction.Done();
    }

    /** The magic codes of {@link SandboxCodes}: any other code is a wrong one, whatever the number. */
    @Override
    public CodeResult payWithCode(ProviderAccount account, CodeRequest request) {
        if (request.session().provider() != Provider.MOBILEMONEY_SN) {
            return new CodeResult.NotSent(request.session().provider() + " takes no one-time codes");
        }
        return switch (SandboxCodes.of(request.code())) {
            case SUCCEEDS -> new CodeResult.Paid("sbx_MP" + RandomTokens.hex(10));
            case WRONG_CODE -> new CodeResult.Refused(FailureReason.SANDBOX_WRONG_CODE);
            case INSUFFICIENT_FUNDS -> new CodeResult.Declined(FailureReason.SANDBOX_INSUFFICIENT_FUNDS);
            case NO_ANSWER -> new CodeResult.Unanswered("no answer from the operator (sandbox)", null);
        };
    }
}
