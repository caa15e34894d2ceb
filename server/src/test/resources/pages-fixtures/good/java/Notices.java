// Not compiled: read by MessageBundlesTest as the Java sources naming message keys.
class Notices {
    static final String SAVED_MESSAGE_KEY = "shop.saved";
    static final String STATUS_MESSAGE_KEY_PREFIX = "status.";

    String notice(MessageSource messages, Locale locale) {
        return messages.getMessage("shop.notice", null, locale) + e.getMessage();
    }
}
