package sn.xaalis.merchant;

import java.util.Set;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.Provider;

/** The settings an application starts with; null fields are left unset. */
public record NewApplicationRequest(
        @Nullable String name,
        @Nullable String webhookUrl,
        @Nullable String callbackUrlSuccess,
        @Nullable String callbackUrlFailure,
        Set<Provider> providers) {}
