package sn.xaalis.admin;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** @param token the operator's bearer token; unset disables the admin API */
@ConfigurationProperties("xaalis.admin")
public record AdminProperties(String token) {

    @Override
    public String toString() {
        return "AdminProperties[token=" + (token == null ? "unset" : "***") + "]";
    }
}
