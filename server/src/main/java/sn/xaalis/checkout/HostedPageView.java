package sn.xaalis.checkout;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.codepayment.CodePayments;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentPresentation;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.provider.FailureReason;
import sn.xaalis.provider.FailureTexts;
import sn.xaalis.provider.Provider;
import sn.xaalis.qr.QrCodePng;

/**
 * The hosted payment page's model (D21), for its own address and for the answers of its code form: what
 * the customer already holds (the merchant's name, the amount, the description, the links to the
 * provider's apps and their QR code) and, for a MOBILEMONEY_SN payment, the form for a one-time code.
 */
@Component
record HostedPageView(
        MerchantReturn merchantReturn,
        PublicBaseUrl publicBaseUrl,
        Onward onward,
        CodePayments codes,
        FailureTexts failures) {

    /** What the customer can do before paying again, by reason; any other reason needs nothing first. */
    private static final Set<FailureReason> WITH_NEXT_STEP =
            Set.of(FailureReason.INSUFFICIENT_FUNDS, FailureReason.WRONG_CODE, FailureReason.CODE_REFUSED_TOO_OFTEN);

    /** Deep-link keys that have their own button label (SPEC §2.3); any other gets a generic one. */
    private static final Set<String> LABELLED = Set.of("WALLET", "MM", "APP2");

    /** A button opening one of the provider's apps. */
    record AppLink(String labelKey, String url) {}

    /** All the page may show: built here so that the template cannot reach the rest of the payment. */
    record HostedPayment(
            String reference,
            String merchantName,
            BigDecimal amount,
            String currency,
            @Nullable String description,
            PaymentStatus status,
            boolean sandbox,
            List<AppLink> links,
            String qrCode) {

        public boolean processing() {
            return status == PaymentStatus.PROCESSING;
        }
    }

    /** Whether the payment takes a one-time code on this page: a MOBILEMONEY_SN payment still open. */
    static boolean takesCode(Payment payment) {
        return payment.provider() == Provider.MOBILEMONEY_SN && payment.status() == PaymentStatus.PROCESSING;
    }

    /** The page as it opens: no code form while a code awaits the operator's answer. */
    ModelAndView page(PaymentPresentation presentation) {
        Payment payment = presentation.payment();
        CodeForm form = !takesCode(payment)
                ? CodeForm.blank(null)
                : codes.awaitingAnswer(payment) ? CodeForm.awaiting() : CodeForm.blank(typedOnTheLinkPage(payment));
        return page(presentation, form, HttpStatus.OK);
    }

    /** The page with its code form as an answer left it (ignored for a payment that takes no code). */
    ModelAndView page(PaymentPresentation presentation, CodeForm code, HttpStatus status) {
        Payment payment = presentation.payment();
        List<AppLink> links = payment.deepLinks().entrySet().stream()
                .filter(link -> opensAnApp(link.getValue()))
                .map(link -> new AppLink(
                        "pay.with." + (LABELLED.contains(link.getKey()) ? link.getKey() : "other"), link.getValue()))
                .toList();
        var hosted = new HostedPayment(
                payment.reference().value(),
                merchantReturn.merchantName(payment),
                payment.amount(),
                payment.currency(),
                payment.description(),
                payment.status(),
                payment.environment() == Environment.SANDBOX,
                links,
                "data:image/png;base64," + qrCode(presentation));
        ModelAndView view = new ModelAndView("checkout/pay", status);
        view.addObject("pay", hosted);
        view.addObject("statusKey", "status." + payment.status().name());
        view.addObject("overKey", "pay.over." + payment.status().name());
        if (takesCode(payment)) {
            view.addObject("code", code);
            view.addObject("ussd", codes.ussdCode());
        }
        // Once over: how to try again after a failure, and whether "continue" leads anywhere but back here.
        String retry = onward.retry(payment).orElse(null);
        view.addObject("failed", Onward.failed(payment.status()));
        if (payment.status() == PaymentStatus.FAILED) {
            failure(view, payment);
        }
        view.addObject("retryUrl", retry);
        view.addObject(
                "continues",
                payment.status() == PaymentStatus.SUCCESS || (retry == null && onward.merchantPage(payment)));
        return view;
    }

    /**
     * Why the payment failed, in the customer's language, what to do before paying again, and that no money
     * left their account: a failed payment took none.
     */
    private void failure(ModelAndView view, Payment payment) {
        view.addObject("reasonText", failures.payment(payment.provider(), payment.errorMessage()));
        FailureReason reason = FailureReason.ofPayment(payment.provider(), payment.errorMessage())
                .orElse(FailureReason.DECLINED);
        view.addObject("nextKey", WITH_NEXT_STEP.contains(reason) ? "pay.next." + reason.name() : null);
        view.addObject("providerKey", "provider." + payment.provider().name());
        view.addObject("ussdCode", codes.ussdCode());
    }

    /**
     * The number the customer typed on a payment link's page, as people write it: they pay with the code
     * form right after, and need not type it twice. Only a link's: a number the merchant sent through the
     * API is not shown to whoever holds the page's address.
     */
    private @Nullable String typedOnTheLinkPage(Payment payment) {
        String phone = payment.customerPhone();
        if (phone == null || onward.linkOrigins().of(payment).isEmpty()) {
            return null;
        }
        return CustomerPhone.parse(phone).map(CustomerPhone::display).orElse(null);
    }

    /**
     * The provider's own QR image when it drew one (what its app scans, and what the initiation answered);
     * else the one the initiation drew, of the first deep link.
     */
    private static String qrCode(PaymentPresentation presentation) {
        return presentation.providerQrCode() != null
                ? presentation.providerQrCode()
                : QrCodePng.base64(
                        presentation.payment().deepLinks().firstEntry().getValue());
    }

    /**
     * Only what is known to be safe, whatever a provider answered: an {@code https} address (what both
     * providers' links are, docs/providers.md) or one of our own pages (the sandbox checkout). A link
     * that is not a well-formed absolute URI is dropped, so no spelling of a script URL gets through.
     */
    private boolean opensAnApp(String url) {
        try {
            URI uri = new URI(url);
            if (!uri.isAbsolute() || uri.getHost() == null) {
                return false;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            return scheme.equals("https") || url.startsWith(publicBaseUrl.value() + "/");
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
