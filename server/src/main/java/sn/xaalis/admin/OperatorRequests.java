package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.provider.Provider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the operator API reads a request body: a bounded JSON object whose fields are checked one by
 * one, each problem collected under its field name and answered together (SPEC §7).
 */
@Component
class OperatorRequests {

    private static final int MAX_BODY_BYTES = 16 * 1024;

    private final JsonMapper json;

    OperatorRequests(JsonMapper json) {
        this.json = json;
    }

    JsonNode readObject(HttpServletRequest request) {
        return readObject(JsonBodies.read(request, MAX_BODY_BYTES));
    }

    /** A body already read (a request whose body is optional). */
    JsonNode readObject(byte[] body) {
        return JsonBodies.parseObject(body, json);
    }

    static @Nullable String text(JsonNode body, String field, Map<String, List<String>> errors) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            errors.put(field, List.of("must be a string"));
            return null;
        }
        return value.stringValue();
    }

    /** Present (possibly empty, which clears) versus absent (unchanged). */
    static Optional<String> optionalText(JsonNode body, String field, Map<String, List<String>> errors) {
        if (!body.has(field)) {
            return Optional.empty();
        }
        String value = text(body, field, errors);
        return Optional.of(value == null ? "" : value);
    }

    static Optional<Set<Provider>> providers(JsonNode body, Map<String, List<String>> errors) {
        JsonNode value = body.get("providers");
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isArray()) {
            errors.put("providers", List.of("must be an array of provider names"));
            return Optional.empty();
        }
        Set<Provider> providers = EnumSet.noneOf(Provider.class);
        List<String> problems = new ArrayList<>();
        for (JsonNode item : value) {
            Optional<Provider> provider = item.isString() ? Provider.fromName(item.stringValue()) : Optional.empty();
            provider.ifPresentOrElse(
                    providers::add, () -> problems.add("must contain only WALLET_SN or MOBILEMONEY_SN"));
        }
        if (!problems.isEmpty()) {
            errors.put("providers", List.of(problems.getFirst()));
        }
        return Optional.of(providers);
    }

    static void failIfAny(Map<String, List<String>> errors) {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }

    /** Provider names in alphabetical order, as every answer lists them. */
    static List<String> names(@Nullable Set<Provider> providers) {
        return providers == null
                ? List.of()
                : providers.stream().map(Provider::name).sorted().toList();
    }
}
