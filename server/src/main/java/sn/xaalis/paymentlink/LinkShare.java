package sn.xaalis.paymentlink;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Where the portal's "Share on WhatsApp" leads: WhatsApp's own address with the message to send. */
final class LinkShare {

    private static final String WHATSAPP = "https://wa.me/?text=";

    private LinkShare() {}

    /** The message, encoded as a query value; spaces as %20, which every WhatsApp client reads. */
    static String whatsApp(String message) {
        return WHATSAPP + URLEncoder.encode(message, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
