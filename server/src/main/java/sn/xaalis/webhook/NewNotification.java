package sn.xaalis.webhook;

import java.util.UUID;
import sn.xaalis.platform.Environment;

/**
 * A status change to announce.
 *
 * @param eventId the stable id {@code <reference>:<STATUS>} (SPEC §6.2)
 * @param dataJson the {@code data} object, already serialized: it is frozen into the body now
 */
public record NewNotification(
        UUID applicationId, Environment environment, String eventId, String event, String dataJson) {}
