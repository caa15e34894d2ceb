package sn.xaalis.counter;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.Formats;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.Environment;
import sn.xaalis.portal.PortalUser;

/**
 * What the customer takes away: a receipt for a payment that went through (paid, or paid then refunded),
 * a "payment not completed" slip for one that did not, which says that no money left their account. It
 * names the shop (the merchant's business name), never the signed-in cashier nor the application; a test
 * payment's says TEST on paper and in the text copied or sent on WhatsApp.
 */
@PageController
record CounterReceiptController(
        CounterDesk desk, MerchantPreferences preferences, MessageSource messages, Formats formats) {

    private static final String WHATSAPP = "https://wa.me/?text=";
    /** A payment's status in words, as the portal names it. */
    private static final String STATUS_MESSAGE_KEY_PREFIX = "status.";

    @GetMapping("/portal/counter/{reference}/receipt")
    ModelAndView receipt(@AuthenticationPrincipal PortalUser user, @PathVariable String reference, Locale locale) {
        CounterDesk.Found found = desk.find(user.merchantId(), reference).orElse(null);
        if (found == null) {
            return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
        }
        Payment payment = found.payment();
        if (payment.status() == PaymentStatus.PROCESSING) {
            // Nothing to hand over yet: the payment's own page, which follows it.
            return CounterController.seeOther("/portal/counter/" + reference);
        }
        boolean paid = paid(payment.status());
        boolean test = payment.environment() == Environment.SANDBOX;
        ZoneId zone = preferences.timeZone(user.merchantId());
        Instant at = payment.paidAt() != null ? payment.paidAt() : payment.createdAt();
        String shop = desk.shopName(found);
        String text = shareText(payment, shop, paid, test, formats.dateTime(at, zone), locale);
        return new ModelAndView("counter/receipt")
                .addObject("user", user)
                .addObject("zone", zone)
                .addObject("payment", payment)
                .addObject("at", at)
                .addObject("shop", shop)
                .addObject("paid", paid)
                .addObject("test", test)
                .addObject("shareText", text)
                .addObject(
                        "whatsApp",
                        WHATSAPP
                                + URLEncoder.encode(text, StandardCharsets.UTF_8)
                                        .replace("+", "%20"));
    }

    /** Whether the money reached the shop (a refund gave it back later: still a receipt, which says so). */
    static boolean paid(PaymentStatus status) {
        return status == PaymentStatus.SUCCESS || status == PaymentStatus.REFUNDED;
    }

    /** The receipt or the slip as one line of text, to copy or send; TEST first and last for a test payment. */
    private String shareText(Payment payment, String shop, boolean paid, boolean test, String at, Locale locale) {
        List<Object> args = new ArrayList<>(List.of(
                shop,
                payment.reference().value(),
                formats.amount(payment.amount(), payment.currency()),
                messages.getMessage(
                        CodeWords.PROVIDER_MESSAGE_KEY_PREFIX
                                + payment.provider().name(),
                        null,
                        locale),
                at,
                messages.getMessage(STATUS_MESSAGE_KEY_PREFIX + payment.status().name(), null, locale)));
        String text = messages.getMessage(
                paid ? "counter.receipt.shareText" : "counter.slip.shareText", args.toArray(), locale);
        return test ? messages.getMessage("counter.receipt.test.shareText", new Object[] {text}, locale) : text;
    }
}
