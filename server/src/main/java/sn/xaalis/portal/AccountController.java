package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.merchant.MerchantSignUp;
import sn.xaalis.merchant.Totp;
import sn.xaalis.pages.PageController;
import sn.xaalis.qr.QrCodePng;
import sn.xaalis.secrets.SecretBox;

/** Self-service sign-up (sandbox only) and the signed-in merchant's password. */
@PageController
class AccountController {

    private final MerchantSignUp signUp;
    private final MerchantCredentials credentials;
    private final MerchantAuthentication authentication;
    private final LoginThrottle throttle;
    private final SecretBox secrets;
    private final MerchantPreferences preferences;
    private final OtherSessions otherSessions;

    AccountController(
            MerchantSignUp signUp,
            MerchantCredentials credentials,
            MerchantAuthentication authentication,
            LoginThrottle throttle,
            SecretBox secrets,
            MerchantPreferences preferences,
            OtherSessions otherSessions) {
        this.preferences = preferences;
        this.otherSessions = otherSessions;
        this.signUp = signUp;
        this.credentials = credentials;
        this.authentication = authentication;
        this.throttle = throttle;
        this.secrets = secrets;
    }

    @GetMapping("/portal/signup")
    ModelAndView signUpForm() {
        return new ModelAndView("portal/signup").addObject("errors", Map.of()).addObject("values", Map.of());
    }

    @PostMapping("/portal/signup")
    ModelAndView signUp(
            @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "") String email,
            @RequestParam(defaultValue = "") String password,
            HttpServletRequest request,
            Locale locale) {
        Map<String, String> values = Map.of("name", name, "email", email);
        if (!throttle.signUpAllowed(request.getRemoteAddr())) {
            return signUpError(values, Map.of("email", List.of("too many sign-ups from your address; try later")));
        }
        try {
            signUp.signUp(name, email, password, locale);
        } catch (MerchantRefusal.EmailTaken e) {
            // An address already registered is answered as a new one: sign-up tells nobody who has an
            // account. Its owner signs in as always; nothing is created or sent.
        } catch (MerchantRefusal.FieldsInvalid e) {
            return signUpError(values, e.errors());
        }
        return new ModelAndView("redirect:/portal/login?created");
    }

    @GetMapping("/portal/account")
    ModelAndView account(@AuthenticationPrincipal PortalUser user) {
        return accountPage(user);
    }

    @PostMapping("/portal/account/password")
    ModelAndView changePassword(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(name = "current_password", defaultValue = "") String current,
            @RequestParam(name = "new_password", defaultValue = "") String next,
            @RequestParam(name = "confirm_password", defaultValue = "") String confirm,
            HttpServletRequest request,
            HttpSession session) {
        Map<String, List<String>> errors = Map.of();
        if (!authentication.confirmPassword(user, current, request.getRemoteAddr())) {
            errors = Map.of("current_password", List.of("is not correct"));
        } else if (!next.equals(confirm)) {
            errors = Map.of("confirm_password", List.of("does not match the new password"));
        } else {
            try {
                credentials.changePassword(user.merchantId(), user.memberId(), next);
                otherSessions.endAllBut(user, session);
                return accountPage(user).addObject("notice", Notice.of("notice.passwordChanged"));
            } catch (MerchantRefusal.FieldsInvalid e) {
                errors = e.errors();
            }
        }
        ModelAndView view = accountPage(user).addObject("errors", errors);
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    @PostMapping("/portal/account/time-zone")
    ModelAndView setTimeZone(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(name = "time_zone", defaultValue = "") String zone) {
        try {
            preferences.setTimeZone(user.merchantId(), zone);
        } catch (MerchantRefusal.FieldsInvalid e) {
            ModelAndView view = accountPage(user).addObject("errors", e.errors());
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        ZoneId saved = preferences.timeZone(user.merchantId());
        // The advice read the zone before the change: this page shows the new one.
        return accountPage(user).addObject("zone", saved).addObject("notice", Notice.of("notice.timeZoneSaved", saved));
    }

    private static final String PENDING_TOTP = "xaalis.pendingTotpSecret";

    @PostMapping("/portal/account/totp/setup")
    ModelAndView setUpTotp(@AuthenticationPrincipal PortalUser user, HttpSession session) {
        try {
            credentials.requireConfirmed(user.merchantId());
        } catch (MerchantRefusal.Unconfirmed e) {
            return UnconfirmedPage.of(user);
        }
        byte[] secret = Totp.newSecret();
        // Kept in the session only until the merchant proves their app holds it; sessions are rows in
        // the database, so encrypted under the master key like every stored secret.
        session.setAttribute(PENDING_TOTP, secrets.encrypt(Totp.base32(secret)));
        return enrollmentPage(user, Totp.base32(secret), Map.of());
    }

    @PostMapping("/portal/account/totp/enable")
    ModelAndView enableTotp(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "") String code,
            HttpSession session) {
        Object sealed = session.getAttribute(PENDING_TOTP);
        try {
            credentials.requireConfirmed(user.merchantId());
        } catch (MerchantRefusal.Unconfirmed e) {
            return UnconfirmedPage.of(user);
        }
        if (sealed == null) {
            return accountPage(user).addObject("notice", Notice.of("notice.totpRestart"));
        }
        String pending = secrets.decrypt((String) sealed);
        if (!credentials.enableTotp(user.merchantId(), user.memberId(), Totp.fromBase32(pending), code)) {
            ModelAndView view = enrollmentPage(user, pending, Map.of("code", List.of("is not valid")));
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        session.removeAttribute(PENDING_TOTP);
        otherSessions.endAllBut(user, session);
        return accountPage(user).addObject("notice", Notice.of("notice.totpOn"));
    }

    @PostMapping("/portal/account/totp/disable")
    ModelAndView disableTotp(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "") String password,
            HttpServletRequest request) {
        if (!authentication.confirmPassword(user, password, request.getRemoteAddr())) {
            ModelAndView view =
                    accountPage(user).addObject("errors", Map.of("totp_password", List.of("is not correct")));
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        credentials.disableTotp(user.merchantId(), user.memberId());
        return accountPage(user).addObject("notice", Notice.of("notice.totpOff"));
    }

    private ModelAndView enrollmentPage(PortalUser user, String secret, Map<String, List<String>> errors) {
        String uri = "otpauth://totp/Xaalis:" + user.email() + "?secret=" + secret + "&issuer=Xaalis";
        return accountPage(user)
                .addObject("errors", errors)
                .addObject("totpSecret", secret)
                .addObject("totpQr", "data:image/png;base64," + QrCodePng.base64(uri));
    }

    private ModelAndView accountPage(PortalUser user) {
        return new ModelAndView("portal/account")
                .addObject("user", user)
                .addObject("errors", Map.of())
                .addObject("totpEnabled", credentials.totpEnabled(user.merchantId(), user.memberId()))
                .addObject("emailConfirmed", credentials.emailConfirmed(user.merchantId()))
                .addObject("zones", MerchantPreferences.USUAL_ZONES);
    }

    private static ModelAndView signUpError(Map<String, String> values, Map<String, List<String>> errors) {
        ModelAndView view =
                new ModelAndView("portal/signup").addObject("errors", errors).addObject("values", values);
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }
}
