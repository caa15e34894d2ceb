package sn.xaalis.operator;

import java.util.List;
import java.util.Map;

/** Why an operator change was refused, field by field, in message keys the pages translate. */
public final class OperatorRefusal extends RuntimeException {

    private final Map<String, List<String>> errors;

    OperatorRefusal(Map<String, List<String>> errors) {
        super("Refused: " + errors.keySet(), null, false, false);
        this.errors = Map.copyOf(errors);
    }

    static OperatorRefusal of(String field, String messageKey) {
        return new OperatorRefusal(Map.of(field, List.of(messageKey)));
    }

    public Map<String, List<String>> errors() {
        return errors;
    }
}
