package sn.xaalis.operator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import sn.xaalis.audit.AuditEvent;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * An entry of the trail as the console says it, in the page's language: a sentence per action ("Marchand
 * suspendu : documents manquants") and each changed field by its name, before and after — never the
 * stored JSON. Public for the templates ({@code @auditTexts}) only. A sentence may have a variant by what the change led to ({@code …changed.withdrawn}).
 */
@Component("auditTexts")
public class AuditTexts {

    static final String ACTION_MESSAGE_KEY_PREFIX = "operator.audit.action.";
    static final String FIELD_MESSAGE_KEY_PREFIX = "operator.audit.field.";
    static final String VALUE_MESSAGE_KEY_PREFIX = "operator.audit.value.";

    /** The prefix of a pricing plan's fields, one per provider ({@code fees_WALLET_SN}). */
    private static final String FEES = "fees_";

    /** The fields a sentence may say itself, by their place in its arguments ({0} the reason, {1} the cause). */
    private static final List<String> SAYABLE = List.of("reason", "cause");

    private final MessageSource messages;
    private final JsonMapper json;

    AuditTexts(MessageSource messages, JsonMapper json) {
        this.messages = messages;
        this.json = json;
    }

    /**
     * One changed field: its name in the page's language and its values before and after ("—" for none);
     * a value the bundles do not name is data as stored (an address, a name), which pages mark untranslated.
     */
    public record Field(
            String name, String before, String after, boolean added, boolean beforeData, boolean afterData) {}

    /** What the page shows of an entry. */
    public record Said(String sentence, List<Field> fields) {}

    public Said of(AuditEvent event) {
        Locale locale = LocaleContextHolder.getLocale();
        Map<String, @Nullable Object> before = map(event.before());
        Map<String, @Nullable Object> after = map(event.after());
        String key = sentenceKey(event.action(), after, locale);
        // A field the sentence says already ("Marchand suspendu (fraude) : …") is not said again below it.
        String pattern = Objects.requireNonNull(messages.getMessage(key, null, "", locale));
        Set<String> said = new LinkedHashSet<>();
        for (int i = 0; i < SAYABLE.size(); i++) {
            if (pattern.contains("{" + i + "}")) {
                said.add(SAYABLE.get(i));
            }
        }
        return new Said(
                Objects.requireNonNull(messages.getMessage(key, arguments(after, locale), event.action(), locale)),
                fields(before, after, event.before() == null, said, locale));
    }

    /** The action's sentence, or its variant by what the change led to, when the bundles have one. */
    private String sentenceKey(String action, Map<String, @Nullable Object> after, Locale locale) {
        for (String outcome : new String[] {"approval", "state", "status"}) {
            Object value = after.get(outcome);
            String variant = ACTION_MESSAGE_KEY_PREFIX + action + "." + value;
            if (value != null && messages.getMessage(variant, null, null, locale) != null) {
                return variant;
            }
        }
        // An action the bundles do not know yet (a newer node's) is still shown, as its code.
        return ACTION_MESSAGE_KEY_PREFIX + action;
    }

    private Object[] arguments(Map<String, @Nullable Object> after, Locale locale) {
        Object reason = after.get("reason");
        Object cause = after.get("cause");
        return new Object[] {
            reason == null ? messages.getMessage("suspension.noReason", null, locale) : text(reason, locale),
            cause == null
                    ? ""
                    : messages.getMessage(
                            VALUE_MESSAGE_KEY_PREFIX + "cause." + cause, null, String.valueOf(cause), locale)
        };
    }

    private List<Field> fields(
            Map<String, @Nullable Object> before,
            Map<String, @Nullable Object> after,
            boolean isNew,
            Set<String> said,
            Locale locale) {
        Set<String> names = new LinkedHashSet<>(before.keySet());
        names.addAll(after.keySet());
        List<Field> fields = new ArrayList<>();
        for (String name : names) {
            if (said.contains(name) && before.get(name) == null) {
                continue;
            }
            String was = value(name, before.get(name), locale);
            String is = value(name, after.get(name), locale);
            fields.add(new Field(
                    label(name, locale),
                    was,
                    is,
                    isNew,
                    data(name, before.get(name), was),
                    data(name, after.get(name), is)));
        }
        return fields;
    }

    private String label(String name, Locale locale) {
        String fallback = name.replace('_', ' ');
        if (name.startsWith("providers_")) {
            // providers_sandbox, providers_live: the payment methods of one mode, the mode in words.
            String mode = messages.getMessage(
                    VALUE_MESSAGE_KEY_PREFIX + "environment." + name.substring(10), null, name.substring(10), locale);
            return Objects.requireNonNull(messages.getMessage(
                    FIELD_MESSAGE_KEY_PREFIX + "providers_in", new Object[] {mode}, fallback, locale));
        }
        if (name.startsWith(FEES)) {
            // fees_WALLET_SN: a merchant's fee rule for one provider, named by the provider's value.
            return Objects.requireNonNull(messages.getMessage(
                    FIELD_MESSAGE_KEY_PREFIX + "fees_for",
                    new Object[] {name.substring(FEES.length())},
                    fallback,
                    locale));
        }
        return Objects.requireNonNull(messages.getMessage(FIELD_MESSAGE_KEY_PREFIX + name, null, fallback, locale));
    }

    private String value(String name, @Nullable Object value, Locale locale) {
        if (value == null || "".equals(value) || "null".equals(value)) {
            return "—";
        }
        if (value instanceof Boolean yes) {
            return messages.getMessage(yes ? "operator.yes" : "operator.no", null, locale);
        }
        String said = text(value, locale);
        String kind = name.startsWith(FEES) ? "fees" : name;
        return Objects.requireNonNull(
                messages.getMessage(VALUE_MESSAGE_KEY_PREFIX + kind + "." + said, null, said, locale));
    }

    private static boolean data(String name, @Nullable Object stored, String shown) {
        return stored != null
                && !(stored instanceof Boolean)
                && !"—".equals(shown)
                && shown.equals(String.valueOf(stored));
    }

    private String text(Object value, Locale locale) {
        if (value instanceof List<?> list) {
            return list.isEmpty()
                    ? "—"
                    : String.join(", ", list.stream().map(v -> text(v, locale)).toList());
        }
        if (value instanceof Map<?, ?> map) {
            List<String> parts = new ArrayList<>();
            map.forEach((k, v) ->
                    parts.add(label(String.valueOf(k), locale) + " : " + (v == null ? "—" : text(v, locale))));
            return String.join(" ; ", parts);
        }
        return String.valueOf(value);
    }

    private Map<String, @Nullable Object> map(@Nullable String stored) {
        if (stored == null || stored.isBlank()) {
            return Map.of();
        }
        try {
            Map<String, @Nullable Object> read = json.readValue(stored, new TypeReference<>() {});
            return read == null ? Map.of() : read;
        } catch (JacksonException unreadable) {
            return new LinkedHashMap<>(Map.of("value", stored));
        }
    }
}
