package sn.xaalis.merchant;

import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ApplicationId;

/** An application in a list: enough to recognise it and open it. */
public record ApplicationSummary(
        ApplicationId id, String name, String endpointKey, @Nullable String webhookUrl, boolean liveEnabled) {}
