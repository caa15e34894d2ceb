package sn.xaalis.secrets;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** @param masterKey base64 of 32 random bytes; encrypts stored secrets and derives the pepper */
@ConfigurationProperties("xaalis.secrets")
record SecretsProperties(String masterKey) {}
