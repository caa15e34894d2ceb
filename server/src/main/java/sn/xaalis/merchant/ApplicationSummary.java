package sn.xaalis.merchant;

import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** An application in a list: enough to recognise it and open it. */
public record ApplicationSummary(
        UUID id, String name, String endpointKey, @Nullable String webhookUrl, boolean liveEnabled) {}
