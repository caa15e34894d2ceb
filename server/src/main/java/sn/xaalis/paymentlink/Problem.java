package sn.xaalis.paymentlink;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Why a field is refused: the API's English message, and a message key with its arguments for pages
 * that say it in the reader's language ({@code links.error.<code>} in the links bundle).
 */
record Problem(String code, String english, List<Object> args) {

    static Problem of(String code, String english, Object... args) {
        return new Problem(code, english, List.of(args));
    }

    /** Field by field, each problem said by {@code say}. */
    static Map<String, List<String>> said(Map<String, List<Problem>> problems, Function<Problem, String> say) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        problems.forEach((field, list) -> out.put(field, list.stream().map(say).toList()));
        return out;
    }
}
