package sn.xaalis.merchant;

import java.util.Optional;
import java.util.Set;
import sn.xaalis.provider.Provider;

/**
 * A partial update of an application: an absent field is left as it is; a present empty string clears
 * a URL.
 */
public record ApplicationChanges(
        Optional<String> webhookUrl,
        Optional<String> callbackUrlSuccess,
        Optional<String> callbackUrlFailure,
        Optional<Set<Provider>> providers,
        Optional<Boolean> liveEnabled) {

    public static ApplicationChanges none() {
        return new ApplicationChanges(
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
