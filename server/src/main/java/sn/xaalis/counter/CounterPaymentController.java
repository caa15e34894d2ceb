package sn.xaalis.counter;

import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.codepayment.CodeChannel;
import sn.xaalis.codepayment.CodeOutcome;
import sn.xaalis.codepayment.CodePayments;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.provider.Provider;
import sn.xaalis.qr.QrCodePng;

/**
 * One payment at the counter, for the signed-in merchant's own payments only (anyone else's reference
 * is the portal's 404): while it waits, the customer's code form (MOBILEMONEY_SN) or a QR code to scan
 * (WALLET_SN) that the page follows by itself; then its outcome, and a receipt to print or share.
 */
@PageController
class CounterPaymentController {

    private final CounterDesk desk;
    private final CodePayments codes;
    private final CodeWords words;
    private final MerchantPreferences preferences;

    CounterPaymentController(CounterDesk desk, CodePayments codes, CodeWords words, MerchantPreferences preferences) {
        this.desk = desk;
        this.codes = codes;
        this.words = words;
        this.preferences = preferences;
    }

    /** The status alone, for the page's script. */
    record StatusView(String status) {}

    @GetMapping("/portal/counter/{reference}")
    ModelAndView follow(@AuthenticationPrincipal PortalUser user, @PathVariable String reference, Locale locale) {
        return desk.find(user.merchantId(), reference)
                .map(found -> page(user, found, "", awaiting(found, locale)))
                .orElseGet(CounterPaymentController::notFound);
    }

    /** While a code awaits the operator's answer the page says so, and offers no form for another. */
    private CodeWords.@Nullable Said awaiting(CounterDesk.Found found, Locale locale) {
        return codes.awaitingAnswer(found.payment())
                ? words.say(
                        new CodeOutcome.Awaiting(found.payment()),
                        found.payment().provider(),
                        locale)
                : null;
    }

    @PostMapping("/portal/counter/{reference}/code")
    ModelAndView code(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String reference,
            @RequestParam(name = "customer_phone", defaultValue = "") String phone,
            @RequestParam(defaultValue = "") String otp,
            Locale locale) {
        CounterDesk.Found found = desk.find(user.merchantId(), reference).orElse(null);
        if (found == null) {
            return notFound();
        }
        CodeOutcome outcome = codes.pay(found.caller(user.merchantId()), reference, phone, otp, CodeChannel.COUNTER);
        CodeWords.Said said = words.say(outcome, found.payment().provider(), locale);
        if (said == null) {
            // Over (or gone): the page shows how it ended.
            return CounterController.seeOther("/portal/counter/" + reference);
        }
        CounterDesk.Found now = outcome instanceof CodeOutcome.Awaiting awaiting
                ? new CounterDesk.Found(awaiting.payment(), found.application())
                : found;
        ModelAndView view = page(user, now, phone, said);
        view.setStatus(said.status());
        return view;
    }

    @GetMapping("/portal/counter/{reference}/status")
    Object status(@AuthenticationPrincipal PortalUser user, @PathVariable String reference) {
        return desk.find(user.merchantId(), reference)
                .<Object>map(found -> ResponseEntity.ok()
                        .cacheControl(CacheControl.noStore())
                        .body(new StatusView(found.payment().status().name())))
                .orElseGet(CounterPaymentController::notFound);
    }

    private ModelAndView page(PortalUser user, CounterDesk.Found found, String phone, CodeWords.@Nullable Said said) {
        Payment payment = found.payment();
        boolean waiting = payment.status() == PaymentStatus.PROCESSING;
        ModelAndView view = new ModelAndView("counter/payment")
                .addObject("user", user)
                .addObject("zone", preferences.timeZone(user.merchantId()))
                .addObject("payment", payment)
                .addObject("applicationName", found.application().name())
                .addObject("waiting", waiting)
                .addObject("byCode", payment.provider() == Provider.MOBILEMONEY_SN)
                .addObject("ussdCode", codes.ussdCode())
                .addObject("phone", phone)
                .addObject("said", said)
                .addObject("fieldErrors", said == null ? Map.of() : said.fields())
                .addObject("next", new Till(found.application(), payment.environment()).path())
                .addObject("sandboxPlay", CounterSandboxController.playable(payment));
        if (waiting
                && payment.provider() == Provider.WALLET_SN
                && !payment.deepLinks().isEmpty()) {
            // What the customer's app scans: the payment's first deep link, as the hosted page draws it.
            view.addObject(
                    "qrCode",
                    "data:image/png;base64,"
                            + QrCodePng.base64(payment.deepLinks().firstEntry().getValue()));
        }
        return view;
    }

    private static ModelAndView notFound() {
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }
}
