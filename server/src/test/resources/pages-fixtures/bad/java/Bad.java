// Not compiled: read by MessageBundlesTest as Java sources naming message keys.
class Bad {
    static final String GONE_MESSAGE_KEY = "shop.gone";
    static final String STATE_MESSAGE_KEY_PREFIX = "state.";

    String text(MessageSource messages, Locale locale) {
        return messages.getMessage("shop.unknown", null, locale);
    }
}
