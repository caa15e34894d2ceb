package sn.xaalis.verification;

import java.util.List;
import java.util.Map;

/** Why a verification change was refused, field by field, in message keys the pages translate. */
public final class VerificationRefusal extends RuntimeException {

    private final Map<String, List<String>> errors;

    VerificationRefusal(Map<String, List<String>> errors) {
        super("Refused: " + errors.keySet(), null, false, false);
        this.errors = Map.copyOf(errors);
    }

    static VerificationRefusal of(String field, String messageKey) {
        return new VerificationRefusal(Map.of(field, List.of(messageKey)));
    }

    public Map<String, List<String>> errors() {
        return errors;
    }
}
