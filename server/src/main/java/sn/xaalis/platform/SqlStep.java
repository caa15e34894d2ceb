package sn.xaalis.platform;

import java.util.Map;

/**
 * One module's part of a statement another module composes (kept as one statement for its single round
 * trip): its SQL and its own parameters, named after the module that wrote them so they never meet the
 * caller's. The caller binds {@code params} with its own.
 */
public record SqlStep(String sql, Map<String, Object> params) {}
