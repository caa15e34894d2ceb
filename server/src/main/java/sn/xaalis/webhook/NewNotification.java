package sn.xaalis.webhook;

import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * A status change to announce.
 *
 * @param eventId the stable id {@code <reference>:<STATUS>} (SPEC §6.2)
 * @param dataJson the {@code data} object, already serialized: it is frozen into the body now
 */
public record NewNotification(
        ApplicationId applicationId, Environment environment, String eventId, String event, String dataJson) {}
