package sn.xaalis.verification;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.PageController;
import sn.xaalis.portal.PortalUser;

/**
 * The portal's "Vérification" page: the business's legal details, its documents, and sending them to the
 * operator; then where the request stands, and the operator's reason if it refused.
 */
@PageController
class VerificationPageController {

    private static final String PAGE = "verification/portal";
    private static final List<String> FIELDS = List.of(
            "legal_name",
            "ninea",
            "rccm",
            "address",
            "contact_phone",
            "contact_email",
            "responsible_name",
            "responsible_role");

    private final MerchantVerification verification;
    private final LiveApprovals approvals;
    private final MerchantPreferences preferences;

    VerificationPageController(
            MerchantVerification verification, LiveApprovals approvals, MerchantPreferences preferences) {
        this.verification = verification;
        this.approvals = approvals;
        this.preferences = preferences;
    }

    @GetMapping("/portal/verification")
    ModelAndView page(@AuthenticationPrincipal PortalUser user) {
        return page(user, null, Map.of());
    }

    @PostMapping("/portal/verification/details")
    ModelAndView save(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam Map<String, String> form,
            RedirectAttributes flash) {
        Map<String, String> fields = new LinkedHashMap<>();
        FIELDS.forEach(field -> fields.put(field, form.getOrDefault(field, "")));
        try {
            verification.save(user.merchantId(), fields);
        } catch (VerificationRefusal refusal) {
            return refused(page(user, fields, refusal.errors()));
        }
        flash.addFlashAttribute("notice", "verification.saved");
        return new ModelAndView("redirect:/portal/verification");
    }

    @PostMapping("/portal/verification/documents")
    ModelAndView upload(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "") String kind,
            @RequestParam(required = false) @Nullable MultipartFile file,
            RedirectAttributes flash) {
        if (file == null || file.isEmpty()) {
            return refused(page(user, null, Map.of("file", List.of("verification.error.empty"))));
        }
        if (file.getSize() > DocumentFile.MAX_BYTES) {
            return refused(page(user, null, Map.of("file", List.of("verification.error.tooLarge"))));
        }
        try {
            String name = file.getOriginalFilename() == null ? "document" : file.getOriginalFilename();
            verification.upload(user.merchantId(), kind, name, file.getBytes(), user.auditName());
        } catch (VerificationRefusal refusal) {
            return refused(page(user, null, refusal.errors()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        flash.addFlashAttribute("notice", "verification.uploaded");
        return new ModelAndView("redirect:/portal/verification");
    }

    @PostMapping("/portal/verification/documents/{id}/remove")
    ModelAndView remove(@AuthenticationPrincipal PortalUser user, @PathVariable UUID id, RedirectAttributes flash) {
        try {
            verification.removeDocument(user.merchantId(), id);
        } catch (VerificationRefusal refusal) {
            return refused(page(user, null, refusal.errors()));
        }
        flash.addFlashAttribute("notice", "verification.removed");
        return new ModelAndView("redirect:/portal/verification");
    }

    @PostMapping("/portal/verification/submit")
    ModelAndView submit(@AuthenticationPrincipal PortalUser user, RedirectAttributes flash) {
        try {
            verification.submit(user.merchantId());
        } catch (VerificationRefusal refusal) {
            return refused(page(user, null, refusal.errors()));
        }
        flash.addFlashAttribute("notice", "verification.sent");
        return new ModelAndView("redirect:/portal/verification");
    }

    private ModelAndView page(PortalUser user, @Nullable Map<String, String> typed, Map<String, List<String>> errors) {
        Verification current = verification.of(user.merchantId());
        Map<String, String> values = typed;
        if (values == null) {
            LegalDetails d = current.details();
            values = new LinkedHashMap<>();
            values.put("legal_name", orEmpty(d.legalName()));
            values.put("ninea", orEmpty(d.ninea()));
            values.put("rccm", orEmpty(d.rccm()));
            values.put("address", orEmpty(d.address()));
            values.put("contact_phone", orEmpty(d.contactPhone()));
            values.put("contact_email", orEmpty(d.contactEmail()));
            values.put("responsible_name", orEmpty(d.responsibleName()));
            values.put("responsible_role", orEmpty(d.responsibleRole()));
        }
        return new ModelAndView(PAGE)
                .addObject("user", user)
                .addObject("v", current)
                .addObject("fields", FIELDS)
                .addObject("values", values)
                .addObject("documents", verification.documents(user.merchantId()))
                .addObject("kinds", List.of("ninea", "rccm", "identity", "other"))
                .addObject("errors", errors)
                // A suspended merchant reads here first why, since when and whom to ask.
                .addObject("suspension", approvals.suspension(user.merchantId()).orElse(null))
                .addObject("zone", preferences.timeZone(user.merchantId()));
    }

    private static String orEmpty(@Nullable String value) {
        return value == null ? "" : value;
    }

    private static ModelAndView refused(ModelAndView view) {
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }
}
