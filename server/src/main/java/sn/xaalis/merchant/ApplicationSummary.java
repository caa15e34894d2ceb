package sn.xaalis.merchant;

import java.util.UUID;

/** An application in a list: enough to recognise it and open it. */
public record ApplicationSummary(UUID id, String name, String endpointKey, String webhookUrl, boolean liveEnabled) {}
