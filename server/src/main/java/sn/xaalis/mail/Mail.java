package sn.xaalis.mail;

/**
 * An e-mail to send: plain text, in the recipient's language already.
 *
 * @param kind what it is about ({@code password-reset}), for the operator's logs and metrics
 */
public record Mail(String recipient, String subject, String body, String kind) {

    @Override
    public String toString() {
        // The body may hold a single-use link: never in a log.
        return "Mail[" + kind + "]";
    }
}
