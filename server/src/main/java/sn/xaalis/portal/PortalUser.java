package sn.xaalis.portal;

import java.io.Serializable;
import java.util.UUID;

/** The signed-in merchant; every portal query is scoped by {@link #merchantId()}. */
public record PortalUser(UUID merchantId, String email, String name) implements Serializable {}
