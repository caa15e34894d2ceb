package sn.xaalis.provider;

import java.math.BigDecimal;
import sn.xaalis.platform.Environment;

/** Identifies an existing session at a provider. */
public record SessionReference(
        Provider provider, Environment environment, String reference, String providerReference, BigDecimal amount) {}
